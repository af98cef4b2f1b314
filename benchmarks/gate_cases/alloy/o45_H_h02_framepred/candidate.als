module mutex
-- Processes request the critical section, enter it one at a time, and exit.
-- The scheduler's clock ticks between moves; a tick changes nothing about
-- the processes.
-- Intent: at most one process is ever in the critical section.
sig Proc {}
var sig Waiting in Proc {}
var sig Critical in Proc {}

fact Init { no Waiting and no Critical }

pred request[p: Proc] {
  p not in Waiting + Critical
  Waiting' = Waiting + p
  Critical' = Critical
}

pred enter[p: Proc] {
  p in Waiting
  no Critical
  Waiting' = Waiting - p
  Critical' = Critical + p
}

pred exit[p: Proc] {
  p in Critical
  Critical' = Critical - p
  Waiting' = Waiting
}

-- a clock tick
pred unchanged { Waiting' = Waiting and Critical' = Critical }

pred tick { unchanged }

fact Steps { always (tick or some p: Proc | request[p] or enter[p] or exit[p]) }

assert Mutex { always lone Critical }
check Mutex for 3 but 6 steps
run Contention { eventually (some Critical and some Waiting) } for 3 but 6 steps
