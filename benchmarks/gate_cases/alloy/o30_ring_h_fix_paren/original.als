module ring

sig Node { succ: one Node }
fact Ring { all n: Node | Node in n.^succ }

var sig Token in Node {}
var sig Visited in Node {}

fact Init { one Token and Visited = Token }

pred pass[n: Node] {
  n in Token
  Token' = Token + n.succ
  Visited' = Visited + n.succ
}

pred skip {
  Token' = Token
  Visited' = Visited
}

fact Trans { always (skip or some n: Node | pass[n]) }

assert OneToken { always one Token }
assert Seen { always Token in Visited }

check OneToken for 4 but 8 steps
check Seen for 4 but 8 steps
run AllVisited { eventually Visited = Node } for 4 but 8 steps
run Some { some Node } for 4 but 8 steps
