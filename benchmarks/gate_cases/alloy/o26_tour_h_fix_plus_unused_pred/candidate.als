module tournament

sig Team {}

sig Match {
  home: one Team,
  away: one Team,
  winner: lone Team
}

fact WinnerPlays { all m: Match | m.winner in m.home + m.away }

fact TwoSides { all m: Match | m.home != m.away }

// helper for reports; not used by any fact
pred upset[m: Match] { m.winner = m.away }

fact NoRematch {
  all disj m1, m2: Match | m1.home = m2.home implies m1.away != m2.away
}

assert NoSelfMatch { all m: Match | m.home != m.away }
check NoSelfMatch for 4

run Decided { some m: Match | some m.winner } for 4 expect 1
