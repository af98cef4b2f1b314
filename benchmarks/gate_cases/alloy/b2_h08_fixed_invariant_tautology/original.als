// A file system: directories hold entries; the root is a directory; every entry has a parent.
abstract sig Node { parent: lone Dir }
sig File extends Node {}
sig Dir extends Node { entries: set Node }
one sig Root extends Dir {}

fact Tree {
  no Root.parent
  all n: Node - Root | one n.parent
  entries = ~parent
  no n: Node | n in n.^parent
}

// faulty: the invariant was written the wrong way round (parent of an entry instead of entry of a parent)
pred consistent[d: Dir] { d.entries.parent in d.entries }

assert Consistent { all d: Dir | consistent[d] }
check Consistent for 4
run { some d: Dir - Root | some d.entries } for 4
