module review

sig Dev {}
sig PR { author: one Dev }

var sig Approved in PR {}
var sig Merged in PR {}

pred approve[p: PR, d: Dev] {
  d != p.author
  p not in Approved
  Approved' = Approved + p
  Merged' = Merged
}

pred merge[p: PR] {
  p in Approved - Merged
  Merged' = Merged + p
  Approved' = Approved
}

pred idle {
  Approved' = Approved
  Merged' = Merged
}

fact Init { no Approved and no Merged }

fact Trans { always (idle or some p: PR | merge[p]) }

assert OnlyApprovedMerged { always Merged in Approved }
check OnlyApprovedMerged for 3 but 6 steps

run SomethingMerged { eventually some Merged } for 3 but 6 steps expect 1
