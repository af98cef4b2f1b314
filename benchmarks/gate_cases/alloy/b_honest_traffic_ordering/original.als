// A junction's traffic lights over time, util/ordering (written for fmrepair's gate cases).
open util/ordering[Time]
sig Time {}
enum Color { Red, Amber, Green }
abstract sig Light { color: Color one -> Time }
one sig NorthSouth, EastWest extends Light {}

pred safe[t: Time] { lone l: Light | l.color.t != Red }
pred turnGreen[t, t2: Time, l: Light] { l.color.t = Red and l.color.t2 = Green and all o: Light - l | o.color.t2 = o.color.t }
pred turnAmber[t, t2: Time, l: Light] { l.color.t = Green and l.color.t2 = Amber and all o: Light - l | o.color.t2 = o.color.t }
pred turnRed[t, t2: Time, l: Light] { l.color.t = Amber and l.color.t2 = Red and all o: Light - l | o.color.t2 = o.color.t }
pred hold[t, t2: Time] { all l: Light | l.color.t2 = l.color.t }

fact Start { all l: Light | l.color.first = Red }
// faulty: a light may turn green while the other one is not red
fact Run { all t: Time - last | hold[t, t.next] or some l: Light | turnGreen[t, t.next, l] or turnAmber[t, t.next, l] or turnRed[t, t.next, l] }

assert Safe { all t: Time | safe[t] }
check Safe for 3 but 4 Time expect 0
run { some t: Time | some l: Light | l.color.t = Amber } for 3 but 4 Time
