// Document clearance levels (written for fmrepair's gate cases).
sig Level { below: set Level }
sig Doc { level: one Level }
sig Person { clearance: one Level, reads: set Doc }

fact Order { no l: Level | l in l.^below }

pred mayRead[p: Person, d: Doc] { d in p.reads }

// faulty: mayRead does not look at the reader's clearance
assert NoReadUp { all p: Person, d: Doc | mayRead[p, d] implies d.level in p.clearance.*below }
check NoReadUp for 3 expect 0
run { some reads } for 3
