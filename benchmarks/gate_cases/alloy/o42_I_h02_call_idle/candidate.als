module library2

sig Book {}
sig Member {
  var loans: set Book
}
var sig Shelf in Book {}
var sig Reserved in Book {}

fact Init {
  Shelf = Book
  no loans
  no Reserved
}

pred borrow[m: Member, b: Book] {
  b in Shelf
  Shelf' = Shelf - b
  loans' = loans + m -> b
  Reserved' = Reserved - b
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m -> b
  Shelf' = Shelf + b
  Reserved' = Reserved
}

pred reserve[b: Book] {
  b not in Shelf
  Reserved' = Reserved + b
  Shelf' = Shelf
  loans' = loans
}

-- nightly stocktake: counts the shelf, nothing moves
pred stocktake {
  idle
}

pred idle {
  Shelf' = Shelf
  loans' = loans
  Reserved' = Reserved
}

pred step {
  idle or stocktake or
  (some b: Book | reserve[b]) or
  (some m: Member, b: Book | borrow[m, b] or giveBack[m, b])
}

fact Steps {
  always step
}

assert OneHolder { always all b: Book | lone loans.b }
assert OffShelf { always no Shelf & Member.loans }
check OneHolder for 3 but 8 steps
check OffShelf for 3 but 8 steps

run Busy { eventually (some loans and some Reserved) } for 3 but 8 steps
