// Alloy 6: a token ring; a process may pass the token to its successor.
sig Proc { succ: one Proc }
var sig Token in Proc {}

fact Ring { all p: Proc | Proc in p.^succ }
fact Init { one Token }

pred pass[p: Proc] {
  p in Token
  // faulty: the token is copied, not moved
  Token' = Token + p.succ
}
// recovery: a surplus token may be discarded
pred drop[p: Proc] { p in Token and some Token - p and Token' = Token - p }
pred idle { Token' = Token }

fact Steps { always (idle or some p: Proc | pass[p] or drop[p]) }
// the ring settles down: from some point on it holds a single token
fact Settles { eventually always one Token }

assert OneToken { always one Token }
check OneToken for 3 but 5 steps
run { some p: Proc | eventually pass[p] } for 3 but 5 steps
