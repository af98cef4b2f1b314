sig Node { edge: set Node, reach: set Node }
fact Acyclic { no n: Node | n in n.^edge }
fact R { all n: Node | n.reach = n.edge + n.edge.edge + n.edge.edge.edge + n.edge.edge.edge.edge }
assert Trans { all n: Node | n.reach.reach in n.reach }
check Trans for 3
