
// --- intent probes ---
check { Library.onLoan = Member.borrowed } for 4 expect 0
check { all b: Book | lone borrowed.b } for 4 expect 0
check { all m: Member | #m.borrowed <= 2 } for 4 expect 0
run { some m: Member | #m.borrowed = 2 } for 4 expect 1
run { some disj m1, m2: Member | some m1.borrowed and some m2.borrowed } for 4 expect 1
run { some b: Library.catalogue | b not in Library.onLoan } for 4 expect 1
run { some m: Member | no m.borrowed } for 4 expect 1
