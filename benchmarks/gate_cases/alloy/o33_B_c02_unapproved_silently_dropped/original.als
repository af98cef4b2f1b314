// Document review workflow: drafts are submitted, approved by a reviewer other than
// the author, published, and may be withdrawn.
sig User {}
sig Doc {
  author: one User,
  var approver: lone User
}
var sig Submitted, Approved, Published in Doc {}

fact Init { no Submitted and no Approved and no Published and no approver }

pred submit[d: Doc] {
  d not in Submitted + Published
  Submitted' = Submitted + d
  Approved' = Approved
  Published' = Published
  approver' = approver
}

pred approve[d: Doc, u: User] {
  d in Submitted
  u != d.author
  Approved' = Approved + d
  approver' = approver ++ d -> u
  Submitted' = Submitted
  Published' = Published
}

pred publish[d: Doc] {
  d in Submitted
  Published' = Published + d
  Submitted' = Submitted - d
  Approved' = Approved
  approver' = approver
}

pred withdraw[d: Doc] {
  d in Published
  Published' = Published - d
  Approved' = Approved - d
  approver' = approver - d -> User
  Submitted' = Submitted
}

pred idle {
  Submitted' = Submitted
  Approved' = Approved
  Published' = Published
  approver' = approver
}

fact Trans {
  always (idle or some d: Doc | submit[d] or publish[d] or withdraw[d] or (some u: User | approve[d, u]))
}

assert OnlyApproved { always Published in Approved }
assert FourEyes { always all d: Published | some d.approver and d.approver != d.author }

check OnlyApproved for 3 but 8 steps
check FourEyes for 3 but 8 steps
run Pub { eventually some Published } for 3 but 8 steps
run Withdrawn { some d: Doc | eventually (d in Published and eventually d not in Published) } for 3 but 8 steps
run Waiting { eventually (some Approved - Published) } for 3 but 8 steps
