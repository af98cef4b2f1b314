-- Lending library (Alloy 6): members borrow, return and lose books
sig Book {}
sig Member { var loans: set Book }
var sig Lost in Book {}

pred borrow[m: Member, b: Book] {
  b not in Lost
  m.loans' = m.loans + b
  all o: Member - m | o.loans' = o.loans
  Lost' = Lost
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  m.loans' = m.loans - b
  all o: Member - m | o.loans' = o.loans
  Lost' = Lost
}

pred lose[m: Member, b: Book] {
  b in m.loans
  Lost' = Lost + b
  m.loans' = m.loans - b
  all o: Member - m | o.loans' = o.loans
}

pred nop { loans' = loans and Lost' = Lost }

fact Init { no loans and no Lost }
fact Trans { always (nop or some m: Member, b: Book | borrow[m, b] or giveBack[m, b] or lose[m, b]) }

assert OneHolder { always all b: Book | lone loans.b }
assert LostNotLent { always no Member.loans & Lost }

check OneHolder for 3 but 8 steps
check LostNotLent for 3 but 8 steps
run LoseOne { eventually some Lost } for 3 but 8 steps
run TwoLoans { eventually some m: Member | some disj b1, b2: Book | b1 + b2 in m.loans } for 3 but 8 steps
