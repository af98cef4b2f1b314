module gates

sig Gate {}
sig Plane { var at: lone Gate }

pred dock[p: Plane, g: Gate] {
  no p.at
  at' = at + p -> g
}

pred depart[p: Plane] {
  some p.at
  at' = at - p -> Gate
}

pred stutter { at' = at }

fact init { no at }

fact trans {
  always (stutter or (some p: Plane, g: Gate | dock[p, g]) or (some p: Plane | depart[p]))
}

assert OneAtGate { always all g: Gate | lone at.g }
check OneAtGate for 3 but 6 steps

run TwoDocked { eventually some disj p, q: Plane | some p.at and some q.at } for 3 but 6 steps
run Reuse { some g: Gate, disj p, q: Plane | eventually (p.at = g and eventually q.at = g) } for 3 but 6 steps
