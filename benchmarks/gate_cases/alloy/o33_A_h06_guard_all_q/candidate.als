// Lock manager: processes acquire and release resources they are allowed to use.
sig Res {}
sig Proc {
  allowed: set Res,
  var holds: set Res
}

fact Init { no holds }

pred acquire[p: Proc, r: Res] {
  r in p.allowed
  all q: Proc | r not in q.holds
  holds' = holds + p -> r
}

pred release[p: Proc, r: Res] {
  r in p.holds
  holds' = holds - p -> r
}

pred skip { holds' = holds }

fact Trans {
  always (skip or some p: Proc, r: Res | acquire[p, r] or release[p, r])
}

assert Exclusive { always all r: Res | lone holds.r }

check Exclusive for 3 but 6 steps
run SomeHeld { eventually some holds } for 3 but 6 steps
run TwoBusy { eventually some disj p, q: Proc | some p.holds and some q.holds } for 3 but 6 steps
run HandOver { some r: Res | eventually (some holds.r and eventually (no holds.r and eventually some holds.r)) } for 3 but 8 steps
