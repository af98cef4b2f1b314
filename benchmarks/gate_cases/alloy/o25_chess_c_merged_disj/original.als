// Swiss-system chess tournament pairings
sig Player {}
sig Round {}
sig Game {
  round: one Round,
  white: one Player,
  black: one Player
}

fact Pairing {
  // nobody plays themselves
  all g: Game | g.white != g.black
  // a player sits at one board per round
  all r: Round, p: Player | lone round.r & white.p
  // two players meet at most once
  all disj g, h: Game | g.white = h.white implies g.black != h.black
}

assert OnceARound { all r: Round, p: Player | lone (round.r) & (white + black).p }
assert NoRepeatPairing { all disj g, h: Game | g.white + g.black != h.white + h.black }
check OnceARound for 4
check NoRepeatPairing for 4
run FullRound { some r: Round | #round.r > 1 } for 4 expect 1
