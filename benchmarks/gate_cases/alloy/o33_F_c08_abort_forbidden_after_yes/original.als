// Two-phase commit: participants vote, the coordinator decides once.
abstract sig Decision {}
one sig Commit, Abort extends Decision {}
sig Participant { var vote: lone Decision }
one sig Coord { var decided: lone Decision }

fact Init { no vote and no decided }

pred castVote[p: Participant, d: Decision] {
  no p.vote
  vote' = vote + p -> d
  decided' = decided
}

pred decideCommit {
  no Coord.decided
  decided' = Coord -> Commit
  vote' = vote
}

pred decideAbort {
  no Coord.decided
  decided' = Coord -> Abort
  vote' = vote
}

pred stutter { vote' = vote and decided' = decided }

fact Trans {
  always (stutter or decideCommit or decideAbort or some p: Participant, d: Decision | castVote[p, d])
}

assert Validity { always (Coord.decided = Commit implies all p: Participant | p.vote = Commit) }

check Validity for 3 but 8 steps
run Committed { eventually Coord.decided = Commit } for 3 but 8 steps
run AbortAfterYes { eventually (some vote.Commit and Coord.decided = Abort) } for 3 but 8 steps
run LateVote { eventually (some Coord.decided and eventually some vote.Abort) } for 3 but 8 steps
