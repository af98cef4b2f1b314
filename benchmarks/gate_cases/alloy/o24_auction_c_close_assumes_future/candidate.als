// A single-lot auction: bidders outbid the current leader until the lot is closed.
sig Bidder {}
one sig Lot {
  var price: one Int,
  var leader: lone Bidder
}
var sig Closed in Lot {}

pred init { Lot.price = 0 and no Lot.leader and no Closed }

pred bid[b: Bidder, p: Int] {
  p > Lot.price
  b not in Lot.leader
  price' = Lot -> p
  leader' = Lot -> b
  Closed' = Closed
}
pred close {
  no Closed
  some Lot.leader
  Closed' = Lot
  after always stay
  price' = price
  leader' = leader
}
pred stay { price' = price and leader' = leader and Closed' = Closed }

fact Run { init and always (stay or close or some b: Bidder, p: Int | bid[b, p]) }

assert ClosedIsFinal {
  always (some Closed implies (Lot.leader' = Lot.leader and Lot.price' = Lot.price))
}
assert PriceNeverDrops { always Lot.price' >= Lot.price }
check ClosedIsFinal for 3 but 5 steps
check PriceNeverDrops for 3 but 5 steps
run Sold { eventually (some Closed and Lot.price > 1) } for 3 but 5 steps expect 1
