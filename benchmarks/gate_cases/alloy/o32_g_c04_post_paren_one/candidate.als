// Token ring: the node holding the token passes it to its successor.
sig Node { succ: one Node }
fact Ring { all n: Node | Node in n.^succ }
var sig Token in Node {}
var sig Served in Node {}

fact Init { one Token and no Served }

pred pass[n: Node] {
  n in Token
  // the token moves on to the successor
  n.succ in Token'
  Token' in Token + n.succ
  one (Token)'
  Served' = Served + n
}

pred stay { Token' = Token and Served' = Served }

fact Trans { always (stay or some n: Node | pass[n]) }

assert OneToken { always one Token }
check OneToken for 3 but 6 steps
