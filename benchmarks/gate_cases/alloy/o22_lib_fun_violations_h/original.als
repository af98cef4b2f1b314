// Library: members borrow copies of books; a copy under repair cannot be lent.
sig Book {}
sig Copy { of: one Book }
sig Repair in Copy {}
sig Member { loans: set Copy }
sig Staff extends Member {}

// loans that break the repair rule
fun badLoans: Member -> Copy { Staff <: loans :> Repair }

fact OneBorrower { all c: Copy | lone loans.c }
fact RepairShelved { no badLoans }

assert NoLentRepair { all m: Member | no m.loans & Repair }
check NoLentRepair for 4

pred busyReader { some m: Member | #m.loans >= 2 }
run busyReader for 4 expect 1
