// Token-ring mutual exclusion (Alloy 6).
// Nodes form a ring; a single token travels along it. A node may enter its
// critical section only while it holds the token and passes the token on
// only when it is not in its critical section.

sig Node {
  succ: one Node
}

var sig Token in Node {}
var sig InCS in Node {}

fact Ring {
  all n: Node | Node in n.^succ and n.succ = n
}

pred pass[n: Node] {
  n in Token
  n not in InCS
  Token' = Token + n.succ
  InCS' = InCS
}

pred enter[n: Node] {
  n in Token
  n not in InCS
  InCS' = InCS + n
  Token' = Token
}

pred exit[n: Node] {
  n in InCS
  InCS' = InCS - n
  Token' = Token
}

pred skip {
  Token' = Token
  InCS' = InCS
}

fact Init {
  one Token
  no InCS
}

fact Traces {
  always (skip or some n: Node | pass[n] or enter[n] or exit[n])
}

assert OneToken {
  always one Token
}

assert Mutex {
  always lone InCS
}

assert CriticalHoldsToken {
  always InCS in Token
}

check OneToken for 3 but 6 steps
check Mutex for 3 but 6 steps
check CriticalHoldsToken for 3 but 6 steps
run Circulate { eventually some InCS } for 3 but 5 steps
