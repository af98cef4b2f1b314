module auction

sig Bidder {}

abstract sig Phase {}
one sig Bidding, Sold extends Phase {}

one sig Lot {
  var phase: one Phase,
  var leader: lone Bidder,
  var price: one Int
}

pred bid[b: Bidder, p: Int] {
  Lot.phase = Bidding
  b != Lot.leader
  p >= Lot.price
  leader' = Lot->b
  price' = Lot->p
  phase' = phase
}

pred hammer {
  Lot.phase = Bidding
  some Lot.leader
  phase' = Lot->Sold
  leader' = leader
  price' = price
}

pred pause {
  phase' = phase
  leader' = leader
  price' = price
}

fact Init { Lot.phase = Bidding and no Lot.leader and Lot.price = 1 }

fact Trans { always (pause or hammer or some b: Bidder, p: Int | bid[b, p]) }

assert Outbid {
  always (Lot.leader' != Lot.leader implies Lot.price' > Lot.price)
}
check Outbid for 3 but 6 steps

assert SoldFinal { always (Lot.phase = Sold implies after Lot.phase = Sold) }
check SoldFinal for 3 but 6 steps

run TwoBids { eventually (some Lot.leader and eventually Lot.price > 3) } for 3 but 6 steps expect 1
