sig Proc {}
one sig Lock { var holder: set Proc }
fact Init { no Lock.holder }
pred acquire[p: Proc] { Lock.holder' = Lock.holder + p }
pred release[p: Proc] { p in Lock.holder and Lock.holder' = Lock.holder - p }
fact Trans { always (Lock.holder' = Lock.holder or some p: Proc | acquire[p] or release[p]) }
assert OneHolder { always lone Lock.holder }
check OneHolder for 3 but 6 steps
