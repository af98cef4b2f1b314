// Library: members borrow copies; nobody but staff holds more than two.
sig Book {}
sig Copy { of: one Book }
sig Member { loans: set Copy }
sig Staff extends Member {}

fact OneBorrower { all c: Copy | lone loans.c }
// faulty: the limit counts books, not copies
fact LoanLimit { all m: Member - Staff | #m.loans.of <= 2 }

assert WithinLimit { all m: Member - Staff | #m.loans <= 2 }
check WithinLimit for 4 but 3 int

pred busy { some m: Member - Staff | #m.loans = 2 }
run busy for 4 but 3 int expect 1
