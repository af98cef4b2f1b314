// A lock that processes acquire and release.
sig Proc {}
one sig Lock { var holder: set Proc }

// faulty: nothing says how the lock starts out
pred acquire[p: Proc] { no Lock.holder and Lock.holder' = Lock.holder + p }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p }
pred skip { Lock.holder' = Lock.holder }

fact Steps { always (skip or some p: Proc | acquire[p] or release[p]) }

assert Mutex { always lone Lock.holder }
check Mutex for 3 but 6 steps
run { eventually some Lock.holder } for 3 but 6 steps
