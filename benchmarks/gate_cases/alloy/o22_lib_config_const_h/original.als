// Library with a configurable loan limit.
sig Book {}
sig Copy { of: one Book }
sig Member { loans: set Copy }
one sig Policy { maxLoans: one Int }

fact OneBorrower { all c: Copy | lone loans.c }
fact Limit { all m: Member | #m.loans <= Policy.maxLoans }
// the library allows two loans per member
fact Setting { Policy.maxLoans = 3 }

assert AtMostTwo { all m: Member | #m.loans <= 2 }
check AtMostTwo for 4

pred busy { some m: Member | #m.loans = 2 }
run busy for 4 expect 1
