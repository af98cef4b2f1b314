// Library: members borrow copies of books; a copy under repair cannot be lent.
sig Book {}
sig Copy { of: one Book }
sig Repair in Copy {}
sig Member { loans: set Copy }

// the copies currently lent out
fun onLoan: set Copy { Member.loans }

fact OneBorrower { all c: Copy | lone loans.c }
// copies under repair stay on the shelf
fact RepairShelved { no onLoan & Repair }

assert NoLentRepair { all m: Member | no m.loans & Repair }
check NoLentRepair for 4

pred showLoans { #onLoan >= 2 }
run showLoans for 4 expect 1
