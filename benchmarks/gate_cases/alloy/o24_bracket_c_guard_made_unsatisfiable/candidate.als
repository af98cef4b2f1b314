// A knockout bracket: a team plays a later round only after winning the round before.
sig Team {}
sig Match {
  home: one Team,
  away: one Team,
  winner: lone Team,
  round: one Int
}

fact Pairing { all m: Match | m.home != m.away and m.winner in m.home + m.away }
fact Rounds { all m: Match | m.round >= 1 and m.round <= 3 }
fact OnePerRound {
  all t: Team, r: Int | lone m: Match | m.round = r and t in m.home + m.away
}
fact Advance {
  all m: Match | m.round > 3 implies
    (all t: m.home + m.away | some p: Match | p.round = m.round + 1 and t = p.winner)
}

assert NoRematchInRound { all disj m1, m2: Match | m1.round = m2.round implies no (m1.home + m1.away) & (m2.home + m2.away) }
check NoRematchInRound for 4
run SecondRound { some m: Match | m.round = 2 and some m.winner } for 4 expect 1
