// Two traffic lights at a junction (north-south and east-west), modelled
// over an explicit timeline. Each light cycles Red -> Green -> Amber -> Red;
// a light may turn green only while the other light is red.

open util/ordering[Time]

sig Time {}

abstract sig Colour {}
one sig Red, Amber, Green extends Colour {}

abstract sig Light {
  colour: Time -> one Colour
}
one sig NS, EW extends Light {}

pred advances[c, c2: Colour] {
  (c = Red and c2 = Green) or (c = Green and c2 = Amber) or (c = Amber and c2 = Red)
}

fact Start {
  all l: Light | l.colour[first] = Red
}

// each step every light keeps its colour or advances by one
fact Steps {
  all t: Time - last, l: Light |
    l.colour[t.next] = l.colour[t] or advances[l.colour[t], l.colour[t.next]]
}

// a light turns green only if the other light is red
fact GreenGuard {
  all t: Time - last, l: Light |
    (l.colour[t] = Red and l.colour[t.next] = Green) implies
      all o: Light - l | o.colour[t] = Red and o.colour[t.next] = Red
}

assert NeverBothGreen {
  all t: Time | not (NS.colour[t] = Green and EW.colour[t] = Green)
}

assert NoCrossTraffic {
  all t: Time | NS.colour[t] = Red or EW.colour[t] = Red
}

check NeverBothGreen for 6 Time
check NoCrossTraffic for 6 Time
run Cycle { some t: Time | NS.colour[t] = Amber } for 5 Time
