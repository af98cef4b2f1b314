module crossing

abstract sig Color {}
one sig Red, Yellow, Green extends Color {}
abstract sig Light { var color: one Color }
one sig NS, EW extends Light {}

fact Init { Light.color = Red }

pred toGreen[l: Light] {
  l.color = Red
  l.color' = Green
  all o: Light - l | o.color' = o.color
}
pred toYellow[l: Light] {
  l.color = Green
  l.color' = Yellow
  all o: Light - l | o.color' = o.color
}
pred toRed[l: Light] {
  l.color = Yellow
  l.color' = Red
  all o: Light - l | o.color' = o.color
}
pred idle { color' = color }

fact Steps { always (idle or some l: Light | toGreen[l] or toYellow[l] or toRed[l]) }

assert Safe { always (NS.color = Red or EW.color = Red) }

check Safe for 3 but 1..8 steps
run BothServed { eventually NS.color = Green and eventually EW.color = Green } for 3 but 1..8 steps expect 1
run QuickSwap { some l: Light | eventually (l.color = Yellow and after (l.color = Red and after (Light - l).color = Green)) } for 3 but 1..8 steps expect 1
