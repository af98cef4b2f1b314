sig Node {}
var sig Holder in Node {}

pred init { one Holder }

pred pass[n: Node] {
  some Holder and n not in Holder
  Holder' = n
}

pred skip { Holder' = Holder }

fact Init { init }
fact Steps { always (skip or some n: Node | pass[n]) }

assert Token { always lone Holder }
check Token for 3 but 6 steps
