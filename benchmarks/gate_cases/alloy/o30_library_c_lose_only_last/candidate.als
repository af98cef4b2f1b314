module library

sig Book {}
sig Member { var loans: set Book }
var sig Lost in Book {}

fact Init { no loans and no Lost }

pred borrow[m: Member, b: Book] {
  b not in Member.loans + Lost
  loans' = loans + m -> b
  Lost' = Lost
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m -> b
  Lost' = Lost
}

pred lose[m: Member, b: Book] {
  b in m.loans
  Lost' = Lost + b
  loans' = loans - m -> b
  no loans - m -> b
}

pred nop { loans' = loans and Lost' = Lost }

fact Trans {
  always (nop or some m: Member, b: Book | borrow[m, b] or giveBack[m, b] or lose[m, b])
}

assert LostNotLoaned { always no Member.loans & Lost }
assert OneHolder { always all b: Book | lone loans.b }

check LostNotLoaned for 3 but 8 steps
check OneHolder for 3 but 8 steps
run Lending { eventually some loans } for 3 but 8 steps
