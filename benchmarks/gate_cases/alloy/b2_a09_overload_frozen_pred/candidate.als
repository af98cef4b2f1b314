// Access control: a user may read a document when cleared for its level, and may read it at a time
// when the document is also not embargoed then.
abstract sig Level {}
one sig Low, High extends Level {}
sig Time {}
sig User { clearance: one Level }
sig Doc { level: one Level, embargo: set Time }

pred dominates[a, b: Level] { a = High or b = Low }

pred canRead[u: User, d: Doc] { dominates[u.clearance, d.level] }
pred canRead[u: User, d: Doc, t: Time] { canRead[u, d] and t not in Doc.embargo }

// faulty: the timed canRead ignores the embargo
assert NoReadUnderEmbargo { all u: User, d: Doc, t: d.embargo | not canRead[u, d, t] }
check NoReadUnderEmbargo for 3
run { some u: User, d: Doc | canRead[u, d] } for 3
