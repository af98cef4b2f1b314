// A directed graph with helper functions (written for fmrepair's gate cases).
sig Node { edges: set Node, color: one Color }
abstract sig Color {}
one sig Red, Blue extends Color {}

fun succs[n: Node]: set Node { n.edges }
fun reach[n: Node]: set Node { n.^(edges) }
pred acyclic { all n: Node | n not in reach[n] }
pred noSelf[n: Node] { n not in succs[n] }
pred properlyColored { all n: Node | all m: succs[n] | n.color != m.color }

// faulty: meant to forbid cycles as well
fact Shape { all n: Node | lone n.edges }

assert NoCycles { acyclic }
assert NoSelfLoops { all n: Node | noSelf[n] }
check NoCycles for 4 expect 0
check NoSelfLoops for 4 expect 0
run properlyColored for 3
