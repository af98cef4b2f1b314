// Warehouse robots move between neighbouring cells and pick up / drop parcels.
sig Cell { adj: set Cell }
sig Robot { var at: one Cell }
var sig Loaded in Robot {}

fact Grid { adj = ~adj and no iden & adj }

pred init {
  no Loaded
  all disj r1, r2: Robot | r1.at != r2.at
}
pred loadUnchanged { Loaded' = Loaded }

pred move[r: Robot, c: Cell] {
  c in r.at.adj
  no (Robot - r).at & c
  r.at' = c
  all o: Robot - r | o.at' = o.at
  loadUnchanged
}
pred pick[r: Robot] {
  r not in Loaded
  Loaded' = Loaded + r
  at' = at
}
pred drop[r: Robot] {
  r in Loaded
  Loaded' = Loaded - r
  at' = at
}
pred idle { Loaded' = Loaded and at' = at }

fact Traces {
  init
  always (idle or some r: Robot | pick[r] or drop[r] or some c: Cell | move[r, c])
}

assert NoCollision { always all disj r1, r2: Robot | r1.at != r2.at }
check NoCollision for 3 but 6 steps
run Delivery { some r: Robot | eventually (r in Loaded and eventually r not in Loaded) } for 3 but 6 steps expect 1
