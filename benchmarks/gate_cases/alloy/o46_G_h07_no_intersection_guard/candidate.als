-- Document workflow: drafts are submitted, reviewed, approved, published; an approved
-- document can be retracted back to draft for more edits.
-- Intent: only approved documents are published, and publishing is permanent
-- (so a published document can no longer be retracted).
sig Doc {}
var sig Draft, InReview, Approved, Published in Doc {}

pred submit[d: Doc] {
  d in Draft
  Draft' = Draft - d
  InReview' = InReview + d
  Approved' = Approved
  Published' = Published
}

pred approve[d: Doc] {
  d in InReview
  InReview' = InReview - d
  Approved' = Approved + d
  Draft' = Draft
  Published' = Published
}

pred publish[d: Doc] {
  d in Approved - Published
  Published' = Published + d
  Draft' = Draft
  InReview' = InReview
  Approved' = Approved
}

pred retract[d: Doc] {
  d in Approved
  no d & Published
  Approved' = Approved - d
  Draft' = Draft + d
  InReview' = InReview
  Published' = Published
}

pred nop {
  Draft' = Draft
  InReview' = InReview
  Approved' = Approved
  Published' = Published
}

fact Workflow {
  Draft = Doc
  no InReview + Approved + Published
  always (nop or some d: Doc | submit[d] or approve[d] or publish[d] or retract[d])
}

assert OnlyApproved { always Published in Approved }
assert Permanent { always all d: Published | always d in Published }

check OnlyApproved for 3 but 8 steps
check Permanent for 3 but 8 steps
