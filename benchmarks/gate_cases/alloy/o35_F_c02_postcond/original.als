-- Home security panel: doors lock and unlock; the panel goes Away only with every door locked.
sig Door {}
var sig Locked in Door {}

abstract sig Mode {}
one sig Home, Away extends Mode {}
one sig Panel { var mode: one Mode }

pred lock[d: Door] {
  d !in Locked
  Locked' = Locked + d
  mode' = mode
}

pred unlock[d: Door] {
  d in Locked
  Locked' = Locked - d
  mode' = mode
}

pred leave {
  Panel.mode = Home
  Locked = Door
  Panel.mode' = Away
  Locked' = Locked
}

pred arrive {
  Panel.mode = Away
  Panel.mode' = Home
  Locked' = Locked
}

pred stay { Locked' = Locked  mode' = mode }

fact Start { Panel.mode = Home  no Locked }
fact Moves { always (stay or leave or arrive or some d: Door | lock[d] or unlock[d]) }

assert SecuredWhenAway { always (Panel.mode = Away implies Locked = Door) }
assert LeaveOnlyLocked { always ((Panel.mode = Home and after Panel.mode = Away) implies Locked = Door) }
check SecuredWhenAway for 3 but 8 steps
check LeaveOnlyLocked for 3 but 8 steps
