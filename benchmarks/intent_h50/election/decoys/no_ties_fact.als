// District election (static model).
// Every candidate runs in one district; voters vote for at most one candidate
// of their own district. A candidate wins when they got strictly more votes
// than every other candidate of the same district (a tie has no winner).

sig District {}

sig Candidate {
  runsIn: one District
}

sig Voter {
  registered: one District,
  votes: lone Candidate
}

fact OwnDistrict {
  all v: Voter | v.votes.runsIn in v.registered
}

fact NoTies {
  all disj c1, c2: Candidate | c1.runsIn = c2.runsIn implies #votes.c1 != #votes.c2
}

fun tally[c: Candidate]: set Voter { votes.c }

pred wins[c: Candidate] {
  all c2: Candidate - c | c2.runsIn = c.runsIn implies #tally[c2] <= #tally[c]
}

assert OneWinnerPerDistrict {
  all d: District | lone c: runsIn.d | wins[c]
}

assert WinnerHasVotes {
  all c: Candidate | (wins[c] and some (runsIn.(c.runsIn) - c)) implies some tally[c]
}

check OneWinnerPerDistrict for 4
check WinnerHasVotes for 4
run Contest { some d: District | #runsIn.d > 1 and some c: runsIn.d | wins[c] } for 4
