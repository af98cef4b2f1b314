// Document publishing workflow (Alloy 6).
// An author submits a draft; an editor approves or rejects it. Editing an
// approved document withdraws the approval (it goes back to draft).
// Only a document that is approved right now may be published.

sig Document {}

var sig Submitted in Document {}
var sig Approved in Document {}
var sig Published in Document {}

pred submit[d: Document] {
  d not in Submitted + Approved + Published
  Submitted' = Submitted + d
  Approved' = Approved
  Published' = Published
}

pred approve[d: Document] {
  d in Submitted
  Submitted' = Submitted - d
  Approved' = Approved + d
  Published' = Published
}

pred reject[d: Document] {
  d in Submitted
  Submitted' = Submitted - d
  Approved' = Approved
  Published' = Published
}

// editing after approval: back to draft
pred revise[d: Document] {
  d in Approved
  Approved' = Approved - d
  Submitted' = Submitted
}

pred publish[d: Document] {
  once d in Approved
  Published' = Published + d
  Approved' = Approved - d
  Submitted' = Submitted
}

pred stutter {
  Submitted' = Submitted
  Approved' = Approved
  Published' = Published
}

fact Start {
  no Submitted + Approved + Published
}

fact Workflow {
  always (stutter or some d: Document |
            submit[d] or approve[d] or reject[d] or revise[d] or publish[d])
}

assert PublishOnlyApproved {
  always all d: Document | (d not in Published and d in Published') implies d in Approved
}

// publishing cannot be undone
assert PublishedStays {
  always Published in Published'
}

check PublishOnlyApproved for 3 but 6 steps
check PublishedStays for 3 but 6 steps
run Release { eventually some Published } for 3 but 5 steps
