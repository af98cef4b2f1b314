sig Node { edge: set Node }
fact Acyclic { no n: Node | n in n.^edge }
var sig Done in Node {}
fact Init { no Done }
pred finish[n: Node] { n not in Done  n.edge in Done  Done' = Done + n }
pred import[n: Node] { n not in Done  Done' = Done + n.*edge }
pred skip { Done' = Done }
fact Trans { always (skip or some n: Node | finish[n] or import[n]) }
assert Closed { always all n: Done | n.^edge in Done }
check Closed for 3 but 5 steps
run AllDone { eventually Done = Node } for 3 but 5 steps expect 1
