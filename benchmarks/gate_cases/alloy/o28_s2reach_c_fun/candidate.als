sig Node { edge: set Node, reach: set Node }
fact Acyclic { no n: Node | n in n.^edge }
fun two: Node -> Node { edge.(Node <: edge) }
fact R { reach = edge + two }
assert Trans { all n: Node | n.reach.reach in n.reach }
check Trans for 3
