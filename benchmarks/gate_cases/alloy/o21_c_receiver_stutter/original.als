sig Node { next: one Node }
var sig Token in Node {}

fact { all n: Node | Node in n.^next }
fact { one Token }

pred Node.pass[] {
  this in Token
  Token' = Token + this.next
}

pred idle { Token' = Token }

fact { always (idle or some n: Node | n.pass) }

assert OneToken { always one Token }
check OneToken for 3 but 6 steps
