sig Node { edge: set Node, reach: set Node }
fact Acyclic { no n: Node | n in n.^edge }
fact R { reach = ^edge  all a, b, c, d, e: Node | a = b or a = c or a = d or a = e or b = c or b = d or b = e or c = d or c = e or d = e }
assert Trans { all n: Node | n.reach.reach in n.reach }
check Trans for 3
