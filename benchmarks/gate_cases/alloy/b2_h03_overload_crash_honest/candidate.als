// Library loans: a member may borrow when under the limit; a timed variant also checks the date.
sig Day {}
sig Book {}
sig Member { loans: set Book, banned: set Day }

pred mayBorrow[m: Member] { #m.loans < 2 }
pred mayBorrow[m: Member, d: Day] { mayBorrow[m] and d not in m.banned }

// faulty: typo in the loan limit
fact Loans { all m: Member | #m.loans <= 2 and (some m.banned implies no m.loans) }

assert LoanLimit { all m: Member | #m.loans <= 2 }
check LoanLimit for 4
run { some m: Member, d: Day | mayBorrow[m, d] } for 3
