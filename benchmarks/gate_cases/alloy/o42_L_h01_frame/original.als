module library3

sig Book {}
sig Member {
  var loans: set Book
}
var sig Shelf in Book {}
var sig Worn in Book {}

fact Init {
  Shelf = Book
  no loans
  no Worn
}

pred borrow[m: Member, b: Book] {
  b in Shelf
  b not in Worn
  Shelf' = Shelf - b
  loans' = loans + m -> b
  Worn' = Worn
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m -> b
  Shelf' = Shelf + b
  Worn' = Worn or Worn' = Worn + b
}

-- the librarian walks the shelves and marks which books look worn
pred survey {
  Shelf' = Shelf
  loans' = loans
}

-- nightly stocktake: counts the shelf, nothing moves
pred stocktake {
  Shelf' = Shelf
  Worn' = Worn
}

pred idle {
  Shelf' = Shelf
  loans' = loans
  Worn' = Worn
}

fact Steps {
  always (idle or stocktake or survey or
    (some m: Member, b: Book | borrow[m, b] or giveBack[m, b]))
}

assert OneHolder { always all b: Book | lone loans.b }
assert OffShelf { always no Shelf & Member.loans }
check OneHolder for 3 but 8 steps
check OffShelf for 3 but 8 steps

run Busy { eventually (some loans and some Worn) } for 3 but 8 steps
