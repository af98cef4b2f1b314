sig Seat {}
sig Person { var holds: set Seat }
var sig Sold in Seat {}

pred buy[p: Person, s: Seat] {
  s not in Sold
  holds' = holds + p -> s
  Sold' = Sold
}

pred refund[p: Person, s: Seat] {
  s in p.holds
  holds' = holds - p -> s
  Sold' = Sold - s
}

pred idle { holds' = holds and Sold' = Sold }

fact init { no holds and no Sold }

fact trans {
  always (idle or (some p: Person, s: Seat | buy[p, s] or refund[p, s]))
}

assert SoldMatches { always Sold = Person.holds }
assert OneHolder { always all s: Seat | lone holds.s }

check SoldMatches for 3 but 6 steps
check OneHolder for 3 but 6 steps
run twoBuyers { eventually (some disj p, q: Person | some p.holds and some q.holds) } for 3 but 6 steps
run buyRefund { some p: Person | eventually (some p.holds and eventually no p.holds) } for 3 but 6 steps
