-- Document review workflow (Alloy 6, enum states)
enum Status { Draft, Review, Published }
sig User {}
sig Doc {
  author: one User,
  var status: one Status,
  var approvers: set User
}

pred keepOthers[d: Doc] {
  all o: Doc - d | o.status' = o.status and o.approvers' = o.approvers
}
pred submit[d: Doc] {
  d.status = Draft
  d.status' = Review
  d.approvers' = d.approvers
  keepOthers[d]
}
pred approve[d: Doc, u: User] {
  d.status = Review
  u != d.author
  d.approvers' = d.approvers + u
  d.status' = d.status
  keepOthers[d]
}
pred publish[d: Doc] {
  d.status = Review
  d in approvers.User
  d.status' = Published
  d.approvers' = d.approvers
  keepOthers[d]
}
pred stutter { status' = status and approvers' = approvers }

fact Init { all d: Doc | d.status = Draft and no d.approvers }
fact Steps { always (stutter or some d: Doc | submit[d] or publish[d] or some u: User | approve[d, u]) }

assert Reviewed { always all d: Doc | d.status = Published implies some d.approvers }
assert NoSelf { always all d: Doc | d.author not in d.approvers }

check Reviewed for 3 but 7 steps
check NoSelf for 3 but 7 steps
run Flow { eventually some d: Doc | d.status = Published } for 3 but 7 steps expect 1
run SelfApproved { eventually some d: Doc | d.author in d.approvers } for 3 but 7 steps expect 0
