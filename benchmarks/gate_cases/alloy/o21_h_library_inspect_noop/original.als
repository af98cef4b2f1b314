sig Book {}
sig Member { var loans: set Book }

fact { no loans }

pred borrow[m: Member, b: Book] {
  b not in Member.loans
  #m.loans < 2
  loans' = loans + m->b
}

pred giveBack[m: Member, b: Book] {
  b in m.loans
  loans' = loans - m->b
}

-- a member looks at a book on the shelf; this does not change the loans
pred inspect[m: Member, b: Book] {
  b not in Member.loans
  loans' = loans + m->b
}

pred nop { loans' = loans }

fact { always (nop or some m: Member, b: Book | borrow[m, b] or giveBack[m, b] or inspect[m, b]) }

assert AtMostTwo { always all m: Member | #m.loans <= 2 }
check AtMostTwo for 3 but 6 steps
