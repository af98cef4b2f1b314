// Library: members borrow copies of books; a copy under repair cannot be lent.
sig Book {}
sig Copy { of: one Book }
sig Repair in Copy {}
sig Member { loans: set Copy, holds: set Book }

fact OneBorrower { all c: Copy | lone loans.c }
fact Holds { all m: Member | m.holds = m.loans.of }
// copies under repair stay on the shelf
fact RepairCopiesShelved { all c: Repair | no loans.c }

assert NoLentRepair { all m: Member | no m.loans & Repair }
check NoLentRepair for 4

pred busyReader { some m: Member | #m.loans >= 2 }
run busyReader for 4 expect 1
