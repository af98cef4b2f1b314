module ferry

abstract sig Side {}
one sig West, East extends Side {}

sig Car { var at: lone Side }

one sig Ferry {
  var dock: one Side,
  var deck: set Car
}

pred board[c: Car] {
  c.at = Ferry.dock
  #Ferry.deck < 2
  deck' = deck + Ferry->c
  at' = at - c->Side
  dock' = dock
}

pred unload[c: Car] {
  c in Ferry.deck
  deck' = deck - Ferry->c
  at' = at + c->Ferry.dock
  dock' = dock
}

pred cross {
  #Ferry.deck > 2
  dock' = Ferry->(Side - Ferry.dock)
  deck' = deck
  at' = at
}

pred wait {
  dock' = dock
  deck' = deck
  at' = at
}

fact Init {
  no Ferry.deck
  all c: Car | one c.at
}

fact Trans { always (wait or cross or some c: Car | board[c] or unload[c]) }

assert Located { always all c: Car | one c.at iff c not in Ferry.deck }
check Located for 3 but 8 steps

assert DeckLimit { always #Ferry.deck <= 2 }
check DeckLimit for 3 but 8 steps

run CarCrosses { some c: Car | c.at = West and eventually c.at = East } for 3 but 8 steps expect 1
