sig Node { next: one Node }
var sig Token in Node {}

fact { all n: Node | Node in n.^next }
fact { one Token }

pred pass {
  some Token
  Token' = Token
}

pred idle { Token' = Token }

fact { always (idle or pass) }

assert OneToken { always one Token }
check OneToken for 3 but 6 steps
