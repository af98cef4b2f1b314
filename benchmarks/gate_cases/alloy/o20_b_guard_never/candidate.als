sig Node {}
var sig Holder in Node {}
var sig Visited in Node {}

pred init { one Holder and no Visited }

pred pass[n: Node] {
  n not in Holder and no Holder
  Holder' = Holder + n
  Visited' = Visited
}

pred mark[n: Node] { n in Holder and Visited' = Visited + n and Holder' = Holder }

pred skip { Holder' = Holder and Visited' = Visited }

fact Init { init }
fact Steps { always (skip or some n: Node | pass[n] or mark[n]) }

assert OneHolder { always one Holder }
check OneHolder for 3 but 6 steps
