module tournament

sig Team {}

sig Match {
  home: one Team,
  away: one Team,
  winner: lone Team
}

fact WinnerPlays { all m: Match | m.winner in m.home + m.away }

// a match is always between two different teams
fact TwoSides {
  all g: Match |
    g.home != g.away   // no team plays itself
}

fact NoRematch {
  all disj m1, m2: Match | m1.home = m2.home implies m1.away != m2.away
}

assert NoSelfMatch { all m: Match | m.home != m.away }
check NoSelfMatch for 4

run Decided { some m: Match | some m.winner } for 4 expect 1
