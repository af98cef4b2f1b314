module election

sig Voter {}
sig Candidate {}

abstract sig Status {}
one sig Open, Closed extends Status {}

one sig Election {
  var status: one Status,
  var ballot: Voter -> lone Candidate
}

pred vote[v: Voter, c: Candidate] {
  Election.status = Open
  no v.(Election.ballot)
  ballot' = ballot + Election->v->c
  status' = status
}

pred change[v: Voter, c: Candidate] {
  some v.(Election.ballot)
  ballot' = ballot - Election->v->Candidate + Election->v->c
  status' = status
}

pred close {
  Election.status = Open
  status' = Election->Closed
  ballot' = ballot
}

pred stutter {
  status' = status
  ballot' = ballot
}

fact Init { Election.status = Open and no Election.ballot }

fact Trans {
  always (stutter or close or some v: Voter, c: Candidate | vote[v, c] or change[v, c])
}

assert Frozen { always (Election.status = Closed implies Election.ballot' = Election.ballot) }
check Frozen for 3 but 6 steps

run ChangeMind { eventually some v: Voter | some v.(Election.ballot) and some v.(Election.ballot') and v.(Election.ballot') != v.(Election.ballot) } for 3 but 6 steps expect 1
