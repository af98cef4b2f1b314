// A lock shared by processes (Alloy 6).
sig Proc {}
one sig Lock { var holder: set Proc }

pred acquire[p: Proc] { p not in Lock.holder and Lock.holder' = Lock.holder + p }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p }
pred skip { Lock.holder' = Lock.holder }

fact Start { no Lock.holder and always no Lock.holder & Lock.holder.~(Proc->Proc - iden) }
// faulty: acquire does not wait for the lock to be free
fact Steps { always (skip or some p: Proc | acquire[p] or release[p]) }

assert Mutex { always lone Lock.holder }
check Mutex for 3 but 8 steps
run { eventually some Lock.holder } for 3 but 8 steps
