module alloc

sig Res {}
sig Proc { var holds: set Res }
var sig Free in Res {}

fact Init { Free = Res and no holds }

pred available[r: Res] { r in Free }

pred acquire[p: Proc, r: Res] {
  available[r]
  holds' = holds + p->r
  Free' = Free - r
}

pred release[p: Proc, r: Res] {
  p->r in holds
  holds' = holds - p->r
  Free' = Free + r
}

pred idle { holds' = holds and Free' = Free }

fact Trans { always (idle or some p: Proc, r: Res | acquire[p, r] or release[p, r]) }

assert Exclusive { always all r: Res | lone holds.r }
assert FreeMeansUnheld { always all r: Free | no holds.r }

check Exclusive for 3 but 6 steps
check FreeMeansUnheld for 3 but 6 steps
