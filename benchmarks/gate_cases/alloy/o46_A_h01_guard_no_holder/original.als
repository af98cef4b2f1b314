-- Library loans. Members borrow and return books.
-- Intent: a book is out with at most one member at a time, and nobody holds more than two books.
sig Book {}
sig Member { var loans: set Book }

pred borrow[m: Member, b: Book] {
  #m.loans < 2
  loans' = loans + m -> b
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m -> b
}

pred idle { loans' = loans }

fact {
  no loans
  always (idle or some m: Member, b: Book | borrow[m, b] or giveBack[m, b])
}

assert OneHolder { always all b: Book | lone loans.b }
assert Limit { always all m: Member | #m.loans <= 2 }

check OneHolder for 3 but 6 steps
check Limit for 3 but 6 steps
