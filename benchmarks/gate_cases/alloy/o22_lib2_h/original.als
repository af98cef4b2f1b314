// Library: members borrow copies; ordinary members hold at most two copies.
sig Book {}
sig Copy { of: one Book }
sig Member { loans: set Copy }
sig Staff extends Member {}

fact OneBorrower { all c: Copy | lone loans.c }
// faulty: the limit was meant for members who are not staff, but it counts books, not copies
fact LoanLimit { all m: Member - Staff | #m.loans.of <= 2 }

check { all m: Member - Staff | #m.loans <= 2 } for 4
check { all c: Copy | lone loans.c } for 2
run { some m: Member - Staff | #m.loans = 2 } for 4 expect 1
