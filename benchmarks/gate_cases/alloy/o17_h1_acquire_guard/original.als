// Alloy 6: a lock, processes that request it and hold it.
sig Proc {}
one sig Lock { var holder: set Proc, var waiting: set Proc }

fact Init { no Lock.holder and no Lock.waiting }

pred request[p: Proc] {
  p not in Lock.holder + Lock.waiting
  Lock.waiting' = Lock.waiting + p
  Lock.holder' = Lock.holder
}

pred acquire[p: Proc] {
  // faulty: does not wait for the lock to be free
  p in Lock.waiting
  Lock.holder' = Lock.holder + p
  Lock.waiting' = Lock.waiting - p
}

pred release[p: Proc] {
  p in Lock.holder
  Lock.holder' = Lock.holder - p
  Lock.waiting' = Lock.waiting
}

pred stutter { Lock.holder' = Lock.holder and Lock.waiting' = Lock.waiting }

fact Steps { always (stutter or some p: Proc | request[p] or acquire[p] or release[p]) }

// quiet periods: with nobody queueing, the lock has at most one holder
fact Quiet { always (no Lock.waiting implies lone Lock.holder) }

assert Mutex { always lone Lock.holder }
check Mutex for 3 but 6 steps
run { eventually some Lock.holder } for 3 but 6 steps
