// Library: ordinary members hold at most two copies.
sig Book {}
sig Copy { of: one Book }
one sig Archive extends Copy {} { no loans.this and of in Book }
sig Member { loans: set Copy }

fact OneBorrower { all c: Copy | lone loans.c }
// faulty: meant "at most two copies", counts distinct books
fact LoanLimit { all m: Member | #m.loans.of <= 2 }

assert WithinLimit { all m: Member | #m.loans <= 2 }
check WithinLimit for 3

pred busy { some m: Member | #m.loans = 2 }
run busy for 3 expect 1
