sig Node {}
var sig Holder in Node {}

pred init { no Holder }

pred pass[n: Node] {
  n not in Holder
  Holder' = Holder + n
}

pred skip { Holder' = Holder }

fact Init { init }
fact Steps { always (skip or some n: Node | pass[n]) }

assert Token { always lone Holder }
check Token for 3 but 6 steps
