abstract sig Level {}
one sig Low, High extends Level {}
sig Group {}
sig User { memberOf: set Group, clear: one Level }
sig File { owner: one User, group: one Group, level: one Level, canRead: set User }

fact readers { all f: File | f.canRead = f.owner + f.group.~memberOf }

assert NoReadUp {
  all f: File, u: f.canRead | f.level = High implies (u.clear = High or u = f.owner)
}

check NoReadUp for 4
run groupReadsHigh { some f: File | f.level = High and some f.canRead - f.owner } for 4
run lowReadsShared { some f: File, u: f.canRead | u.clear = Low and u != f.owner } for 4
