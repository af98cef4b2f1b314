sig Proc {}
sig Lock { var owner: lone Proc }
var sig Waiting in Proc {}
pred free { no Lock.owner }
pred acquire[p: Proc] { Lock.owner' = p and Waiting' = Waiting - p }
pred release { some Lock.owner and no Lock.owner' and Waiting' = Waiting }
pred wait[p: Proc] { Lock.owner' = Lock.owner and Waiting' = Waiting + p }
fact Init { free and no Waiting }
// faulty: acquire does not require the lock to be free
fact Steps { always ((some p: Proc | acquire[p] or wait[p]) or release or (Lock.owner' = Lock.owner and Waiting' = Waiting)) }
assert NoStealing { always (some Lock.owner implies (Lock.owner' = Lock.owner or no Lock.owner')) }
check NoStealing for 3 but 6 steps expect 0
run { eventually some Lock.owner } for 3 but 6 steps
