// A lending library over time, util/ordering (written for fmrepair's gate cases).
open util/ordering[Day]
sig Book {}
sig Member {}
sig Day { loans: Book -> Member }

pred inv[d: Day] { all b: Book | lone d.loans[b] }
pred lend[d, d2: Day, b: Book, m: Member] { d2.loans = d.loans + b -> m }
pred giveBack[d, d2: Day, b: Book] { some d.loans[b] and d2.loans = d.loans - b -> Member }
pred quiet[d, d2: Day] { d2.loans = d.loans }

fact Opening { no first.loans }
// faulty: a book already on loan may be lent again
fact Days { all d: Day - last | quiet[d, d.next] or some b: Book | giveBack[d, d.next, b] or some m: Member | lend[d, d.next, b, m] }

assert OneBorrower { all d: Day | inv[d] }
check OneBorrower for 3 but 4 Day expect 0
run { some Member } for 3 but 4 Day
