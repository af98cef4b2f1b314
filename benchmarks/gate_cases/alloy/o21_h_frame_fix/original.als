sig Book {}
sig Member { var loans: set Book }
var sig Reserved in Book {}

fact { no loans and no Reserved }

pred borrow[m: Member, b: Book] {
  b not in Member.loans + Reserved
  loans' = loans + m->b
  Reserved' = Reserved
}
pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m->b
}
pred reserve[b: Book] {
  b in Member.loans and b not in Reserved
  Reserved' = Reserved + b
  loans' = loans
}
pred collect[m: Member, b: Book] {
  b in Reserved and b not in Member.loans
  Reserved' = Reserved - b
  loans' = loans + m->b
}
pred nop { loans' = loans and Reserved' = Reserved }

fact { always (nop or some m: Member, b: Book | borrow[m, b] or giveBack[m, b] or reserve[b] or collect[m, b]) }

-- only a book that has been lent can be reserved
assert OnlyLentReserved { always all b: Reserved | once b in Member.loans }
check OnlyLentReserved for 3 but 6 steps
