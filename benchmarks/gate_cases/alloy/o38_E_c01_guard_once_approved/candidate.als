module newsroom

sig Doc {}
var sig Draft, Approved, Published in Doc {}

fact Init { no Draft and no Approved and no Published }

pred create[d: Doc] {
  d !in Draft + Approved + Published
  Draft' = Draft + d
  Approved' = Approved
  Published' = Published
}

pred approve[d: Doc] {
  d in Draft
  Draft' = Draft - d
  Approved' = Approved + d
  Published' = Published
}

pred revoke[d: Doc] {
  d in Approved - Published
  Approved' = Approved - d
  Draft' = Draft + d
  Published' = Published
}

pred publish[d: Doc] {
  d !in Published
  once d in Approved
  Published' = Published + d
  Draft' = Draft - d
  Approved' = Approved
}

pred retract[d: Doc] {
  d in Published
  Published' = Published - d
  Approved' = Approved - d
  Draft' = Draft + d
}

pred idle {
  Draft' = Draft
  Approved' = Approved
  Published' = Published
}

fact Steps {
  always (idle or (some d: Doc |
    create[d] or approve[d] or revoke[d] or publish[d] or retract[d]))
}

assert OnlyApproved { always all d: Doc | d in Published implies once d in Approved }
assert NotBoth { always no Published & Draft }

check OnlyApproved for 3 but 8 steps
check NotBoth for 3 but 8 steps
run Cycle { some d: Doc | eventually (d in Published and eventually d in Draft) } for 3 but 8 steps
