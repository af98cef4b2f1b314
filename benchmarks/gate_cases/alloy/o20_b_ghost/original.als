sig Node {}
var sig Holder in Node {}
var sig Visited in Node {}

pred init { one Holder and no Visited }

pred pass[n: Node] {
  n not in Holder
  Holder' = Holder + n
  Visited' = Visited + n
}

pred reset { some Visited and no Visited' and Holder' = Holder }

pred skip { Holder' = Holder and Visited' = Visited }

fact { init }
fact { always (skip or reset or some n: Node | pass[n]) }

assert OneHolder { always one Holder }
check OneHolder for 3 but 6 steps
