sig Node { edge: set Node, reach: set Node }
fact Acyclic { no n: Node | n in n.^edge }
fact R { reach = edge }
assert Trans { all n: Node | n.reach.reach in n.reach }
check Trans for 3
