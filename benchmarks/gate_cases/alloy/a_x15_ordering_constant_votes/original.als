open util/ordering[Round]
sig Proc {}
sig Round { leader: lone Proc, voted: set Proc }
pred monotone { all r: Round - last | r.voted in r.next.voted }
pred eventuallyLed { some r: Round | some r.leader }
// faulty: votes may be withdrawn
fact Votes { all r: Round - last | some r.next.voted }
assert VotesGrow { monotone }
check VotesGrow for 4 expect 0
run eventuallyLed for 3
