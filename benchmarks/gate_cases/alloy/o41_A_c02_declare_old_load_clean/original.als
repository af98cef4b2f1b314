module laundry

sig Load {}
sig Machine {
  var holds: set Load
}
var sig Waiting in Load {}
var sig Clean in Load {}

fact Init {
  no holds
  Waiting = Load
  no Clean
}

pred start[m: Machine, l: Load] {
  l in Waiting
  holds' = holds + m -> l
  Waiting' = Waiting - l
  Clean' = Clean
}

pred finish[m: Machine] {
  some m.holds
  holds' = holds - m -> Load
  Clean' = Clean + m.holds
  Waiting' = Waiting
}

pred stutter {
  holds' = holds
  Waiting' = Waiting
  Clean' = Clean
}

fact Steps {
  always (stutter or (some m: Machine, l: Load | start[m, l]) or (some m: Machine | finish[m]))
}

assert OneLoadPerMachine {
  always all m: Machine | lone m.holds
}

assert NoLostLoad {
  always Load = Waiting + Clean + Machine.holds
}

check OneLoadPerMachine for 3 but 8 steps
check NoLostLoad for 3 but 8 steps

run TwoRunning { eventually some disj m1, m2: Machine | some m1.holds and some m2.holds } for 3 but 8 steps
run Washed { eventually some Clean } for 3 but 8 steps
