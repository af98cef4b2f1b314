module crossing

abstract sig Pos {}
one sig Up, Down extends Pos {}
one sig Barrier { var pos: one Pos }
sig Train {}
var sig Inside in Train {}

fact init { Barrier.pos = Up and no Inside }

pred lower {
  Barrier.pos = Up
  Barrier.pos' = Down
  Inside' = Inside
}

pred raise {
  Barrier.pos = Down
  Barrier.pos' = Up
  Inside' = Inside
}

pred enter[t: Train] {
  Barrier.pos = Down
  t not in Inside
  Inside' = Inside + t
  pos' = pos
}

pred leave[t: Train] {
  t in Inside
  Inside' = Inside - t
  pos' = pos
}

pred idle { pos' = pos and Inside' = Inside }

fact trans { always (idle or lower or raise or (some t: Train | enter[t] or leave[t])) }

assert Safe { always (some Inside implies Barrier.pos = Down) }
check Safe for 3 but 8 steps

run Pass { some t: Train | eventually (t in Inside and eventually (t not in Inside and Barrier.pos = Up)) } for 3 but 8 steps
run Two { eventually some disj t, u: Train | t + u in Inside } for 3 but 8 steps
