// Main road and side road lights, Alloy 6 (written for fmrepair's gate cases).
enum Color { Red, Amber, Green }
abstract sig Light { var color: one Color }
one sig Main, Side extends Light {}

pred rest[l: Light] { all o: Light - l | o.color' = o.color }
pred toGreen[l: Light] { l.color = Red and l.color' = Green and rest[l] }
pred toAmber[l: Light] { l.color = Green and l.color' = Amber and rest[l] }
pred toRed[l: Light] { l.color = Amber and l.color' = Red and rest[l] }
pred hold { color' = color }

fact Init { Light.color = Red }
// faulty: a light may turn green while the other one is not red
fact Steps { always (hold or some l: Light | toGreen[l] or toAmber[l] or toRed[l]) }

assert OneGo { always lone color.(Green + Amber) }
check OneGo for 3 but 8 steps expect 0
run { eventually Main.color = Green } for 3 but 8 steps
