sig Node { next: one Node }
var sig Token in Node {}

fact { all n: Node | Node in n.^next }
fact { one Token }

pred pass[n: Node] {
  n in Token
  Token' = Token + n.next
}

pred idle { Token' = Token }

fact { always (idle or some n: Node | pass[n]) }

assert OneToken { always one Token }
check OneToken for 3 but 6 steps
