// Doors open, close, lock and unlock over time.
sig Door {}
var sig Open in Door {}
var sig Locked in Door {}

fact Init { no Locked }
// the building is never sealed: some door is open at every moment
fact Ajar { eventually some Open }
// a locked door is not open
fact LockRule { always (some Locked implies no Open) }

assert SafeDoors { always no Open & Locked }
check SafeDoors for 3 but 4 steps

pred lockOne { eventually some Locked }
run lockOne for 3 but 4 steps expect 1
