-- Chain of command (static). Officers hold ranks, ordered from lowest to highest,
-- and each officer except the general reports to one superior.
-- Intent: you always report to someone of strictly higher rank, so the chain of
-- command has no loops.
open util/ordering[Rank]

sig Rank {}
sig Officer { rank: one Rank, reportsTo: lone Officer }

fact Superior {
  all o: Officer | some o.reportsTo implies o.reportsTo.rank in o.rank.*next
}

assert NoLoops { no o: Officer | o in o.^reportsTo }

check NoLoops for 4
run SomeChain { some o: Officer | some o.reportsTo.reportsTo } for 4
