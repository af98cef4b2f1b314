module auction

sig Bidder {}
var sig Registered in Bidder {}
var sig Winner in Registered {}

fact Init {
  no Registered
}

pred register[b: Bidder] {
  b not in Registered
  Registered' = Registered + b
  Winner' = Winner
}

pred withdraw[b: Bidder] {
  b in Registered - Winner
  Registered' = Registered - b
  Winner' = Winner
}

pred award[b: Bidder] {
  b in Registered
  Winner' = Winner + b
  Registered' = Registered
}

pred idle {
  Registered' = Registered
  Winner' = Winner
}

fact Steps {
  always (idle or some b: Bidder | register[b] or withdraw[b] or award[b])
}

assert OneWinner { always lone Winner }
check OneWinner for 3 but 8 steps

run Awarded { eventually (some Winner and some Registered - Winner) } for 3 but 8 steps
