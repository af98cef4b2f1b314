// A lock shared by processes (Alloy 6); two holders at once must be impossible.
sig Proc {}
one sig Lock { var holder: set Proc }

pred acquire[p: Proc] { p not in Lock.holder and Lock.holder' = Lock.holder + p }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p }
pred skip { Lock.holder' = Lock.holder }

fact Init { no Lock.holder }
fact Steps { always (skip or some p: Proc | acquire[p] or release[p]) }

run TwoHolders { eventually #Lock.holder > 1 } for 3 but 6 steps expect 0
run Handover { some disj p, q: Proc | eventually (p in Lock.holder and eventually q in Lock.holder) } for 3 but 6 steps expect 1
