sig Node { edge: set Node, reach: set Node }
fact Acyclic { no n: Node | n in n.^edge }
fact R { all n: Node | n.reach = n.^edge  all disj a, b: Node | a in b.reach implies b not in a.reach }
assert Trans { all n: Node | n.reach.reach in n.reach and #n.reach <= 2 }
check Trans for 3
