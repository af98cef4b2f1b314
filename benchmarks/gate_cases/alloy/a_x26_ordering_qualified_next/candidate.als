open util/ordering[Round] as ord
sig Proc {}
sig Round { leader: lone Proc, voted: set Proc }
pred monotone { all r: Round - ord/last | r.voted in r.(ord/next).voted }
pred eventuallyLed { some r: Round | some r.leader }
// faulty: votes may be withdrawn
fact Fix { all r: Round - ord/last | r.voted = r.(ord/next).voted }
fact Votes { all r: Round - ord/last | some r.(ord/next).voted }
assert VotesGrow { monotone }
check VotesGrow for 4 expect 0
run eventuallyLed for 3
