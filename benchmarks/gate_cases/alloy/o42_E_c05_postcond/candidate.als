module workshop

sig Worker {}
sig Task {
  var owner: lone Worker
}
var sig Done in Task {}

fact Init {
  no owner
  no Done
}

pred assign[t: Task, w: Worker] {
  t not in Done
  no t.owner
  owner' = owner + t -> w
  lone owner'.w
  Done' = Done
}

pred finish[t: Task] {
  some t.owner
  Done' = Done + t
  owner' = owner - t -> Worker
}

pred idle {
  owner' = owner
  Done' = Done
}

fact Steps {
  always (idle or
    (some t: Task | finish[t]) or
    (some t: Task, w: Worker | assign[t, w]))
}

assert OneAtATime { always all w: Worker | lone owner.w }
check OneAtATime for 3 but 8 steps

run TwoBusy { eventually (some disj a, b: Worker | some owner.a and some owner.b) } for 3 but 8 steps
