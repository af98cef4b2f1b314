module clearance
open util/ordering[Level]

sig Level {}
sig Doc { minLevel: one Level }
sig User { level: one Level, reads: set Doc }

fact OnlyCleared {
  all u: User, d: Doc | d in u.reads implies lte[d.minLevel, u.level]
  all u: User, d: Doc | not (d in u.reads) implies lt[u.level, d.minLevel]
}

assert ReadsAllCleared { all u: User, d: Doc | lte[d.minLevel, u.level] implies d in u.reads }
assert TopReadsAll { all u: User | u.level = last implies u.reads = Doc }

check ReadsAllCleared for 3
check TopReadsAll for 3
run SomeRead { some u: User | some u.reads } for 3 expect 1
run Denied { some u: User, d: Doc | d not in u.reads } for 3 expect 1
