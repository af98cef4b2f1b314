module harbor

sig Berth {}
sig Ship {
  var berth: lone Berth
}
var sig Waiting in Ship {}

pred init {
  no berth
  Waiting = Ship
}

pred moor[s: Ship, b: Berth] {
  s in Waiting
  no berth.b
  berth' = berth + s -> b
  Waiting' = Waiting - s
}

pred depart[s: Ship] {
  some s.berth
  berth' = berth - s -> Berth
  Waiting' = Waiting
}

pred shift[s: Ship, b: Berth] {
  some s.berth
  berth' = berth ++ (s -> b + berth.b -> s.berth)
  Waiting' = Waiting
}

pred idle {
  berth' = berth
  Waiting' = Waiting
}

fact traces {
  init
  always (idle
    or (some s: Ship, b: Berth | moor[s, b] or shift[s, b])
    or (some s: Ship | depart[s]))
}

assert OneShipPerBerth {
  always (all b: Berth | lone berth.b)
}

assert WaitingNotMoored {
  always no Waiting.berth
}

check OneShipPerBerth for 3 but 8 steps
check WaitingNotMoored for 3 but 8 steps

run shifting { eventually (some s: Ship | some s.berth and some s.berth' and s.berth' != s.berth) } for 3 but 8 steps
