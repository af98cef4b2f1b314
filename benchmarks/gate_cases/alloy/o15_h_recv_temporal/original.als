sig Proc {}
one sig Lock { var holder: set Proc }
pred Proc.acquire { Lock.holder' = Lock.holder + this }
pred Proc.release { Lock.holder' = Lock.holder - this }
fact init { no Lock.holder }
fact step { always (some p: Proc | p.acquire or p.release) }
assert Mutex { always lone Lock.holder }
check Mutex for 3 but 6 steps
