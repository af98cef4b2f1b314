sig Node { edges: set Node, color: one Color }
sig Color {}
assert NoSelf { all n: Node | n not in n.edges }
check NoSelf for 4 expect 0
run { some edges } for 3
