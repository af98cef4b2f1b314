module coffeecard
-- A loyalty card collects one stamp per coffee bought; with 7 stamps the
-- card is full and the holder redeems it for a free coffee (back to 0).
-- Integers are 4-bit: 7 is the largest value a stamp count can hold.
-- Intent: a card's stamp count is never negative.
sig Card { var stamps: one Int }

fact Init { all c: Card | c.stamps = 0 }

pred buy[c: Card] {
  c.stamps = 7 implies c.stamps' = 0 else c.stamps' = c.stamps.plus[1]
  all d: Card - c | d.stamps' = d.stamps
}

pred redeem[c: Card] {
  c.stamps = 7
  c.stamps' = 0
  all d: Card - c | d.stamps' = d.stamps
}

pred skip { stamps' = stamps }

fact Steps { always (skip or some c: Card | buy[c] or redeem[c]) }

assert NeverNegative { always all c: Card | c.stamps >= 0 }
check NeverNegative for 2 but 4 int, 10 steps
run Free { eventually some c: Card | c.stamps = 7 } for 2 but 4 int, 10 steps
