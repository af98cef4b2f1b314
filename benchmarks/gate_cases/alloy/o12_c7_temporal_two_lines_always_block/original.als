// A lock shared by processes (Alloy 6).
sig Proc {}
var sig Want in Proc {}
one sig Lock { var holder: set Proc }

pred acquire[p: Proc] { p not in Lock.holder and Lock.holder' = Lock.holder + p and Want' = Want }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p and Want' = Want - p }
pred request[p: Proc] { Want' = Want + p and Lock.holder' = Lock.holder }
pred skip { Lock.holder' = Lock.holder and Want' = Want }

fact Init { no Lock.holder and no Want }
// faulty: acquire does not wait for the lock to be free
fact Steps { always (skip or some p: Proc | acquire[p] or release[p] or request[p]) }
// a process holds the lock only while it wants it
fact Polite { all p: Proc | always {
  p in Lock.holder implies p in Want
} }

assert Mutex { always lone Lock.holder }
check Mutex for 3 but 8 steps
run { eventually some Lock.holder } for 3 but 8 steps
