sig Node { next: one Node }
var sig Token in Node {}

fact { all n: Node | Node in n.^next }
fact { one Token }

pred Node.passTo[m: Node] {
  this in Token
  m = this.next
  Token' = Token + m
}

pred idle { Token' = Token }

fact { always (idle or some n, m: Node | n.passTo[m]) }

assert OneToken { always one Token }
check OneToken for 3 but 6 steps
