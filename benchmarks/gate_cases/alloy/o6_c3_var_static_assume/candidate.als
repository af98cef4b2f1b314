// Cars with owners that may be registered (Alloy 6).
sig Person {}
sig Car { owner: lone Person }

pred sell[c: Car, p: Person] { c.owner' = p and all d: Car - c | d.owner' = d.owner }
pred skip { all c: Car | c.owner' = c.owner }

// faulty: sales are supposed to be impossible in this (frozen) registry, but are allowed
fact Steps { always (skip or some c: Car, p: Person | sell[c, p]) }

assert Stable { always all c: Car | c.owner' = c.owner }
check Stable for 3 but 4 steps
run { some owner } for 3 but 4 steps
