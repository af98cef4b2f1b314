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
  all pl: Player, rd: Round | lone round.rd & (white + black).pl
  // two players meet at most once
  all disj a, b: Game | a.white in b.white + b.black implies a.black not in b.white + b.black
}

assert OnceARound { all r: Round, p: Player | lone (round.r) & (white + black).p }
assert NoRepeatPairing { all disj g, h: Game | g.white + g.black != h.white + h.black }
check OnceARound for 4
check NoRepeatPairing for 4
run FullRound { some r: Round | #round.r > 1 } for 4 expect 1
