// A dishwasher controller: the door must be locked whenever there is water inside.
abstract sig Phase {}
one sig Idle, Fill, Wash, Drain extends Phase {}
one sig DW { var phase: one Phase }
var sig Locked in DW {}
var sig Wet in DW {}

pred init { DW.phase = Idle and no Locked and no Wet }

pred start {
  DW.phase = Idle
  phase' = DW -> Fill
  Wet' = DW
  Locked' = Locked
}
pred wash {
  DW.phase = Fill
  phase' = DW -> Wash
  Wet' = Wet and Locked' = Locked
}
pred drain {
  DW.phase = Wash
  phase' = DW -> Drain
  no Wet'
  Locked' = Locked
}
pred finish {
  DW.phase = Drain
  phase' = DW -> Idle
  no Locked'
  Wet' = Wet
}
pred skip { phase' = phase and Locked' = Locked and Wet' = Wet }

fact Controller { init and always (start or wash or drain or finish or skip) }

assert DoorSafe { always (some Wet implies some Locked) }
check DoorSafe for 3 but 8 steps
run FullCycle { eventually (DW.phase = Drain and eventually DW.phase = Idle) } for 3 but 8 steps expect 1
