check { all c: Candidate | wins[c] iff (all c2: runsIn.(c.runsIn) - c | #votes.c2 < #votes.c) } for 4 expect 0
run { some disj c1, c2: Candidate | c1.runsIn != c2.runsIn and wins[c1] and wins[c2] } for 4 expect 1
run { some disj c1, c2: Candidate | c1.runsIn = c2.runsIn and #votes.c1 = #votes.c2 and some votes.c1 } for 4 expect 1
run { some c: Candidate | wins[c] and #tally[c] = 2 and #(registered.(c.runsIn) - tally[c]) = 2 } for 4 expect 1
check { all disj c1, c2: Candidate | (c1.runsIn = c2.runsIn and #votes.c1 = #votes.c2) implies not wins[c1] } for 4 expect 0
