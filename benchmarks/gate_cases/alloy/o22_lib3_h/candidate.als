// Library: members borrow copies; staff keep at most one copy at home, others two.
sig Book {}
sig Copy { of: one Book }
sig Member { loans: set Copy }
sig Staff extends Member {}

fact OneBorrower { all c: Copy | lone loans.c }
// staff keep at most one copy, everybody else at most two
fact LoanLimit { all m: Member | m in Staff implies #m.loans <= 1 else #m.loans <= 2 }

assert WithinLimit { all m: Member | #m.loans <= 2 }
assert StaffLimit { all s: Staff | #s.loans <= 1 }
check WithinLimit for 4
check StaffLimit for 4

pred busy { some s: Staff, m: Member - Staff | some s.loans and #m.loans = 2 }
run busy for 4 expect 1
