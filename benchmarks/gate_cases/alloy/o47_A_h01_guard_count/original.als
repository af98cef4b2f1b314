-- Ferry boarding. Vehicles arrive on the quay, drive onto the deck, and the
-- ferry sails (the deck is unloaded on the far side).
-- Intent: the deck never holds more than 3 vehicles, and a vehicle is never
-- both on the quay and on the deck.
sig Vehicle {}
one sig Ferry {
  var deck: set Vehicle,
  var quay: set Vehicle
}
fact init { no Ferry.deck }
pred arrive[v: Vehicle] {
  v not in Ferry.quay + Ferry.deck
  Ferry.quay' = Ferry.quay + v
  Ferry.deck' = Ferry.deck
}
pred board[v: Vehicle] {
  v in Ferry.quay
  Ferry.deck' = Ferry.deck + v
  Ferry.quay' = Ferry.quay - v
}
pred sail {
  some Ferry.deck
  no Ferry.deck'
  Ferry.quay' = Ferry.quay
}
pred stutter { deck' = deck and quay' = quay }
fact trans { always (stutter or sail or some v: Vehicle | arrive[v] or board[v]) }
assert Capacity { always #Ferry.deck <= 3 }
assert Apart { always no Ferry.deck & Ferry.quay }
check Capacity for 5 but 8 steps
check Apart for 5 but 8 steps
run ReachFull { eventually #Ferry.deck = 3 } for 5 but 8 steps
