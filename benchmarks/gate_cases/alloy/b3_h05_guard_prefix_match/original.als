// A lock that processes acquire and release.
sig Proc {}
one sig Lock { var holder: set Proc }

fact Init { no Lock.holder }

// faulty: acquire does not wait for the lock to be free
pred acquire[p: Proc] { Lock.holder' = Lock.holder + p }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p }
pred skip { Lock.holder' = Lock.holder }

fact Steps { always (skip or some p: Proc | acquire[p] or release[p]) }

assert Mutex { always lone Lock.holder }
check Mutex for 3 but 6 steps
run { eventually some Lock.holder } for 3 but 6 steps
