module signalling

sig Segment { next: lone Segment }

sig Train { var pos: one Segment }

var sig Green in Segment {}

pred move[t: Train] {
  let n = t.pos.next {
    n in Green and one n
    Green' = Green - n
    pos' = pos ++ t->n
  }
}

pred setGreen[s: Segment] {
  s not in Green
  no pos.s
  Green' = Green + s
  pos' = pos
}

pred idle {
  pos' = pos
  Green' = Green
}

fact Init {
  all disj t1, t2: Train | t1.pos != t2.pos
  no Green & Train.pos
}

fact Trans { always (idle or some t: Train | move[t] or some s: Segment | setGreen[s]) }

assert NoCollision { always all disj t1, t2: Train | t1.pos != t2.pos }
check NoCollision for 3 but 8 steps

assert RedWhenOccupied { always no Green & Train.pos }
check RedWhenOccupied for 3 but 8 steps

run Moves { eventually some t: Train | t.pos' != t.pos } for 3 but 8 steps expect 1
