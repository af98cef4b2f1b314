module bridge

abstract sig Dir {}
one sig North, South extends Dir {}
sig Car { dir: one Dir }
var sig OnBridge in Car {}

fact Init { no OnBridge }

pred enter[c: Car] {
  c not in OnBridge
  OnBridge' = OnBridge + c
}

pred leave[c: Car] {
  c in OnBridge
  OnBridge' = OnBridge - c
}

pred wait { OnBridge' = OnBridge }

fact Trans { always (wait or some c: Car | enter[c] or leave[c]) }

assert OneWay { always lone OnBridge.dir }

check OneWay for 4 but 8 steps
