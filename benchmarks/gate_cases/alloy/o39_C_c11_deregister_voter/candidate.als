module election

sig Candidate {}
sig Voter {
  var ballot: set Candidate
}
var sig Registered in Voter {}

abstract sig Phase {}
one sig Setup, Voting, Closed extends Phase {}
one sig Poll {
  var phase: one Phase
}

pred init {
  Poll.phase = Setup
  no Registered
  no ballot
}

pred register[v: Voter] {
  Poll.phase = Setup
  v not in Registered
  Registered' = Registered + v
  ballot' = ballot
  phase' = phase
}

pred openPoll {
  Poll.phase = Setup
  phase' = Poll -> Voting
  Registered' = Registered
  ballot' = ballot
}

pred cast[v: Voter, c: Candidate] {
  Poll.phase = Voting
  v in Registered
  ballot' = ballot - v -> Candidate + v -> c
  Registered' = Registered
  phase' = phase
}

pred closePoll {
  Poll.phase = Voting
  phase' = Poll -> Closed
  Registered' = Registered
  ballot' = ballot
}

pred nothing {
  Registered' = Registered
  ballot' = ballot
  phase' = phase
}

fact run_election {
  init
  always (nothing or openPoll or closePoll or
          some v: Voter | register[v] or some c: Candidate | cast[v, c])
}

assert OneVote { always all v: Voter | lone v.ballot }
assert OnlyRegistered { always ballot.Candidate in Registered }

check OneVote for 3 but 7 steps
check OnlyRegistered for 3 but 7 steps
run someVotes { eventually (some ballot and Poll.phase = Closed) } for 3 but 7 steps
