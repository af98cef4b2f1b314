// A lock shared by processes (Alloy 6).
sig Proc {}
one sig Lock { var holder: lone Proc }

pred acquire[p: Proc] { Lock.holder' = p }
pred release[p: Proc] { Lock.holder = p and no Lock.holder' }
pred skip { }

fact Init { no Lock.holder }
fact Steps { always (skip or some p: Proc | acquire[p] or release[p]) }
// faulty: meant "a process never re-acquires the lock it just released"
fact Fair { always all p: Proc | release[p] implies always p not in Lock.holder }

pred handover { some disj p, q: Proc | eventually (Lock.holder = p and eventually Lock.holder = q and eventually Lock.holder = p) }
run handover for 3 but 8 steps expect 1
assert AtMostOne { always lone Lock.holder }
check AtMostOne for 3 but 8 steps
