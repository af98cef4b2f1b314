// Library: members borrow copies of books; a copy under repair cannot be lent.
sig Book {}
sig Copy { of: one Book }
sig Repair in Copy {}
sig Member { loans: set Copy }

fact OneBorrower { all c: Copy | lone loans.c }
// copies under repair stay on the shelf
fact RepairShelved { all c: Repair | some loans.c implies c.of in Member.loans.of }

pred lentWhileRepaired { some m: Member | some m.loans & Repair }
pred busyReader { some m: Member | #m.loans >= 2 }

run lentWhileRepaired for 3 expect 0
run busyReader for 3 expect 1
