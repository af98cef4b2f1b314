// Two-phase commit (Alloy 6).
// Participants vote yes or no, once. The coordinator decides once: it may
// commit only when every participant voted yes, and it aborts when somebody
// voted no.

sig Participant {}

abstract sig Decision {}
one sig Commit, Abort extends Decision {}

var sig VotedYes in Participant {}
var sig VotedNo in Participant {}
var lone sig Decided in Decision {}

pred voteYes[p: Participant] {
  p not in VotedYes + VotedNo
  no Decided
  VotedYes' = VotedYes + p
  VotedNo' = VotedNo
  Decided' = Decided
}

pred voteNo[p: Participant] {
  p not in VotedYes + VotedNo
  no Decided
  VotedNo' = VotedNo + p
  VotedYes' = VotedYes
  Decided' = Decided
}

pred commit {
  no Decided
  some VotedYes
  Decided' = Commit
  VotedYes' = VotedYes
  VotedNo' = VotedNo
}

pred abort {
  no Decided
  some VotedNo
  Decided' = Abort
  VotedYes' = VotedYes
  VotedNo' = VotedNo
}

pred wait {
  VotedYes' = VotedYes
  VotedNo' = VotedNo
  Decided' = Decided
}

fact Init {
  no VotedYes + VotedNo
  no Decided
}

fact Protocol {
  always (wait or commit or abort or some p: Participant | voteYes[p] or voteNo[p])
}

assert CommitIsUnanimous {
  always (Decided = Commit implies Participant in VotedYes)
}

assert DecisionIsFinal {
  always (some Decided implies Decided' = Decided)
}

check CommitIsUnanimous for 3 but 6 steps
check DecisionIsFinal for 3 but 6 steps
run Committed { some Participant and eventually Decided = Commit } for 3 but 5 steps
run Aborted { eventually Decided = Abort } for 3 but 5 steps
