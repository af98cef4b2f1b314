// Resource locking: a process acquires a free resource and releases it.
sig Proc {}
sig Res {}
var sig Active in Proc {}
one sig Lock { var holds: Proc -> Res }

fun holders[r: Res]: set Proc { Lock.holds.r }

fact Init { no Lock.holds and no Active }

pred wake[p: Proc] {
  p not in Active
  Active' = Active + p
  Lock.holds' = Lock.holds
}

pred acquire[p: Proc, r: Res] {
  p in Active
  // a process may take a resource
  Lock.holds' = Lock.holds + p->r
  Active' = Active
}

pred release[p: Proc, r: Res] {
  p->r in Lock.holds
  Lock.holds' = Lock.holds - p->r
  Active' = Active
}

pred idle { Lock.holds' = Lock.holds and Active' = Active }

fact Trans {
  always (idle or (some p: Proc | wake[p]) or (some p: Proc, r: Res | acquire[p, r] or release[p, r]))
}

assert Exclusive { always all r: Res | lone holders[r] }
check Exclusive for 3 but 6 steps
