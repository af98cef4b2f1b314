-- Junction controller: lights of crossing directions must never be green together.
open util/ordering[State]

abstract sig Light {}
one sig North, South, East, West extends Light {}

sig State { green: set Light }

fun conflicts: Light -> Light {
  (North + South) -> (East + West) + (East + West) -> (North + South)
}

pred turnGreen[s, s2: State, l: Light] {
  l !in s.green
  s2.green = s.green + l
}

pred turnRed[s, s2: State, l: Light] {
  l in s.green
  s2.green = s.green - l
}

pred init[s: State] { no s.green }

fact traces {
  init[first]
  all s: State - last | let s2 = s.next |
    some l: Light | turnGreen[s, s2, l] or turnRed[s, s2, l]
}

assert NoConflict { all s: State | no (s.green -> s.green) & conflicts }
check NoConflict for 4 but 6 State
