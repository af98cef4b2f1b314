sig Proc {}
one sig Lock { var holder: set Proc }
fact init { no Lock.holder }
fact step { always (some p: Proc | Lock.holder' = Lock.holder + p or Lock.holder' = Lock.holder - p) }
assert Mutex { always lone Lock.holder }
check Mutex for 3 but 6 steps
