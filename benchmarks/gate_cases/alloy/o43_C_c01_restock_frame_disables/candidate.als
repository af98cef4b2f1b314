module library
open util/ordering[Time]
sig Time {}
sig Book {}
sig Member {}
one sig Lib {
  shelf: Book -> Time,
  loans: Member -> Book -> Time
}
pred setShelf[t: Time, bs: set Book] { Lib.shelf.t = bs }

pred init[t: Time] { no Lib.loans.t }
pred borrow[t, t2: Time, m: Member, b: Book] {
  b in Lib.shelf.t
  Lib.shelf.t2 = Lib.shelf.t - b
  Lib.loans.t2 = Lib.loans.t + m->b
}
pred giveBack[t, t2: Time, m: Member, b: Book] {
  m->b in Lib.loans.t
  Lib.loans.t2 = Lib.loans.t - m->b
  Lib.shelf.t2 = Lib.shelf.t + b
}
// a new or repaired copy is put on the shelf
pred restock[t, t2: Time, b: Book] {
  setShelf[t2, Lib.shelf.t + b]
  Lib.shelf.t2 = Lib.shelf.t
  Lib.loans.t2 = Lib.loans.t
}
pred skip[t, t2: Time] { Lib.shelf.t2 = Lib.shelf.t and Lib.loans.t2 = Lib.loans.t }
fact Traces {
  init[first]
  all t: Time - last | let t2 = t.next |
    skip[t, t2] or (some b: Book | restock[t, t2, b] or (some m: Member | borrow[t, t2, m, b] or giveBack[t, t2, m, b]))
}
assert LentNotShelved { all t: Time | no Lib.shelf.t & Member.(Lib.loans.t) }
assert OneBorrower { all t: Time, b: Book | lone Lib.loans.t.b }
check LentNotShelved for 3 but 6 Time
check OneBorrower for 3 but 6 Time
run { some t: Time | some Lib.loans.t } for 3 but 6 Time
