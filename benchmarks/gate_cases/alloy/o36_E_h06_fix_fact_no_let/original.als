module assembly
open util/ordering[Step]

sig Part {}
sig Station {}

sig Step {
  loaded: Station -> lone Part,
  done: set Part
}

pred load[s, s2: Step, st: Station, p: Part] {
  no st.(s.loaded)
  p not in s.done + Station.(s.loaded)
  s2.loaded = s.loaded + st -> p
  s2.done = s.done
}

pred finish[s, s2: Step, st: Station] {
  some st.(s.loaded)
  s2.done = s.done + st.(s.loaded)
  s2.loaded = s.loaded
}

pred pass[s, s2: Step, st, st2: Station] {
  some st.(s.loaded)
  no st2.(s.loaded)
  s2.loaded = s.loaded - st -> Part + st2 -> st.(s.loaded)
  s2.done = s.done
}

pred wait[s, s2: Step] {
  s2.loaded = s.loaded
  s2.done = s.done
}

fact line {
  no first.loaded
  no first.done
  all s: Step - last | let s2 = s.next |
    wait[s, s2]
    or (some st: Station, p: Part | load[s, s2, st, p])
    or (some st: Station | finish[s, s2, st])
    or (some disj st, st2: Station | pass[s, s2, st, st2])
}

assert FinishedOffLine {
  all s: Step | no s.done & Station.(s.loaded)
}

assert OnePlacePerPart {
  all s: Step, p: Part | lone s.loaded.p
}

check FinishedOffLine for 3 but 6 Step
check OnePlacePerPart for 3 but 6 Step
run busy { some s: Step | #s.loaded = 2 } for 3 but 6 Step
