module library
-- Members borrow books from the shelf; books can be reported damaged and
-- repaired. A librarian may inspect a book on the shelf: inspection is a
-- look, nothing moves.
-- Intent: a damaged book is never on loan.
sig Book {}
sig Member { var borrowed: set Book }
var sig Shelf in Book {}
var sig Damaged in Book {}

fact Init { Shelf = Book and no borrowed and no Damaged }

pred borrow[m: Member, b: Book] {
  b in Shelf - Damaged
  Shelf' = Shelf - b
  borrowed' = borrowed + m -> b
  Damaged' = Damaged
}

pred giveBack[m: Member, b: Book] {
  b in m.borrowed
  borrowed' = borrowed - m -> b
  Shelf' = Shelf + b
  Damaged' = Damaged
}

pred report[b: Book] {
  b in Shelf
  Damaged' = Damaged + b
  Shelf' = Shelf
  borrowed' = borrowed
}

pred mend[b: Book] {
  b in Damaged
  Damaged' = Damaged - b
  Shelf' = Shelf
  borrowed' = borrowed
}

-- the librarian looks at a book on the shelf
pred inspect[b: Book] {
  b in Shelf
}

pred skip { Shelf' = Shelf and Damaged' = Damaged and borrowed' = borrowed }

fact Steps {
  always (skip or (some b: Book | report[b] or mend[b] or inspect[b]) or
          (some m: Member, b: Book | borrow[m, b] or giveBack[m, b]))
}

assert DamagedNotLoaned { always no Damaged & Member.borrowed }
check DamagedNotLoaned for 3 but 6 steps
run Cycle { eventually (some borrowed and eventually some Damaged) } for 3 but 6 steps
