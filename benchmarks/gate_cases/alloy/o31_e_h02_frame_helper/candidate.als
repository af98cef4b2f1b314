module review

sig Reviewer {}
sig Doc { var approver: lone Reviewer }
var sig Draft, Submitted, Approved in Doc {}

fact Init { Draft = Doc and no Submitted and no Approved and no approver }

pred keepApproved { Approved' = Approved }

pred submit[d: Doc] {
  keepApproved
  d in Draft
  Draft' = Draft - d
  Submitted' = Submitted + d
  approver' = approver
}

pred approve[d: Doc, r: Reviewer] {
  d in Submitted
  Submitted' = Submitted - d
  Approved' = Approved + d
  Draft' = Draft
  approver' = approver + d->r
}

pred reject[d: Doc] {
  d in Submitted
  Submitted' = Submitted - d
  Draft' = Draft + d
  Approved' = Approved
  approver' = approver
}

pred stutter { Draft' = Draft and Submitted' = Submitted and Approved' = Approved and approver' = approver }

fact Trans { always (stutter or some d: Doc | submit[d] or reject[d] or some r: Reviewer | approve[d, r]) }

assert ApprovedStays { always all d: Approved | always d in Approved }
assert ApprovedHasApprover { always all d: Approved | one d.approver }

check ApprovedStays for 3 but 6 steps
check ApprovedHasApprover for 3 but 6 steps
