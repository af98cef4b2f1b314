// Multi-level security: a subject reads the documents of its teams, but never above
// its clearance (no read-up).
open util/ordering[Level]

sig Level {}
sig Object { level: one Level }
sig Team { docs: set Object }
sig Subject {
  clearance: one Level,
  team: set Team,
  reads: set Object
}

fact ReadRule { all s: Subject | s.reads = s.team.docs }

fact TeamsNotEmpty { all t: Team | some t.~team }

assert NoReadUp { all s: Subject, o: s.reads | lte[o.level, s.clearance] }

check NoReadUp for 4
run Reading { some s: Subject | some s.reads } for 4
run Mixed { some disj a, b: Subject | a.team = b.team and a.clearance != b.clearance } for 4
run Levels { some disj o1, o2: Object | lt[o1.level, o2.level] and some reads.o1 } for 4
