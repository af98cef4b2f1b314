module skilift

sig Skier {}
sig Chair {
  var riders: set Skier
}
var sig Queue in Skier {}
var sig Summit in Skier {}

fact Init {
  no riders
  no Queue
  no Summit
}

pred join[s: Skier] {
  s not in Queue + Chair.riders + Summit
  Queue' = Queue + s
  riders' = riders
  Summit' = Summit
}

pred board[c: Chair, s: Skier] {
  s in Queue
  riders' = riders + c -> s
  Queue' = Queue
  Summit' = Summit
}

pred unload[c: Chair] {
  some c.riders
  riders' = riders - c -> Skier
  Summit' = Summit + c.riders
  Queue' = Queue
}

pred skiDown[s: Skier] {
  s in Summit
  Summit' = Summit - s
  Queue' = Queue
  riders' = riders
}

pred idle {
  riders' = riders
  Queue' = Queue
  Summit' = Summit
}

fact Steps {
  always (idle
    or (some s: Skier | join[s] or skiDown[s])
    or (some c: Chair | unload[c])
    or (some c: Chair, s: Skier | board[c, s]))
}

assert NotQueuedAndRiding {
  always no Queue & Chair.riders
}

assert OneChairEach {
  always all s: Skier | lone riders.s
}

check NotQueuedAndRiding for 3 but 8 steps
check OneChairEach for 3 but 8 steps

run ReachSummit { eventually some Summit } for 3 but 8 steps
run SharedChair { eventually some c: Chair | some disj a, b: Skier | a + b in c.riders } for 3 but 8 steps
