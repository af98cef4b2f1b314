sig Node { edges: set Node, color: one Color }
abstract sig Color {}
one sig Red, Blue extends Color {}
fact Simple { all n: Node | n not in n.edges }
assert NoSelf { all n: Node | n not in n.edges }
check NoSelf for 4 expect 0
run { some edges } for 3
