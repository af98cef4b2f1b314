sig Elevator { var capacity: one Int, var load: one Int }

fact { all e: Elevator | e.load = 0 and e.capacity >= 2 }

pred board[e: Elevator]  { e.load < e.capacity and e.load' = e.load.plus[1] and e.capacity' = e.capacity and all f: Elevator - e | f.load' = f.load and f.capacity' = f.capacity }
pred alight[e: Elevator] { e.load > 0 and e.load' = e.load.minus[1] and e.capacity' = e.capacity and all f: Elevator - e | f.load' = f.load and f.capacity' = f.capacity }
-- maintenance re-rates the cabin
pred rerate[e: Elevator] { e.capacity' = e.capacity.minus[1] and e.load' = e.load and all f: Elevator - e | f.load' = f.load and f.capacity' = f.capacity }
pred idle { load' = load and capacity' = capacity }

fact { always (idle or some e: Elevator | board[e] or alight[e] or rerate[e]) }

assert NotOverloaded { always all e: Elevator | e.load <= e.capacity }
check NotOverloaded for 3 but 4 Int, 6 steps
