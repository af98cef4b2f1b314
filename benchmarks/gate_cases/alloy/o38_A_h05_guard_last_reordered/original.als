module library

sig Book {}
sig Member { var loans: set Book }
var sig OnShelf in Book {}

fact Init { no loans and OnShelf = Book }

pred borrow[m: Member, b: Book] {
  loans' = loans + m -> b
  OnShelf' = OnShelf - b
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m -> b
  OnShelf' = OnShelf + b
}

pred idle {
  loans' = loans
  OnShelf' = OnShelf
}

fact Steps {
  always (idle or (some m: Member, b: Book | borrow[m, b] or giveBack[m, b]))
}

assert OneHolder { always all b: Book | lone loans.b }
assert ShelfOrLoan { always all b: Book | b in OnShelf iff no loans.b }

check OneHolder for 3 but 6 steps
check ShelfOrLoan for 3 but 6 steps
run SomeLoan { eventually some loans } for 3 but 6 steps
