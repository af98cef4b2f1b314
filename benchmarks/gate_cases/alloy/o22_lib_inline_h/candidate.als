// Library: members borrow copies of books.
sig Book {}
sig Copy { of: one Book }
sig Member { loans: set Copy, reserved: set Book }
sig Staff extends Member {}

fact OneBorrower { all c: Copy | lone loans.c }
fact LoanLimit { all m: Member - Staff | #m.loans <= 2 }
// a member does not reserve a book they already have a copy of,
// nor borrow two copies of the same book
fact NoReserveHeld { all m: Member | no m.reserved & m.loans.of }
fact OneCopyEach { all m: Member, disj c1, c2: m.loans | c1.of != c2.of }

check { all c: Copy | lone loans.c and all m: Member | #m.loans.of = #m.loans } for 4
run { some m: Member | #m.loans = 2 and some m.reserved } for 4 expect 1
