-- Airport runway control. Every plane starts at the gate waiting; the tower
-- clears one plane at a time; a cleared plane lines up on the runway, then
-- takes off.
-- Intent: a plane is on the runway only if the tower cleared it before,
-- and at most one plane is on the runway.
sig Plane {}
var sig Waiting, Cleared, OnRunway, Airborne in Plane {}
fact init { Waiting = Plane and no Cleared + OnRunway + Airborne }
pred clear[p: Plane] {
  p in Waiting
  no Cleared
  Cleared' = Cleared + p
  Waiting' = Waiting - p
  OnRunway' = OnRunway
  Airborne' = Airborne
}
pred lineUp[p: Plane] {
  p in Waiting + Cleared
  no OnRunway
  OnRunway' = p
  Cleared' = Cleared - p
  Waiting' = Waiting - p
  Airborne' = Airborne
}
pred takeOff[p: Plane] {
  p in OnRunway
  OnRunway' = OnRunway - p
  Airborne' = Airborne + p
  Waiting' = Waiting
  Cleared' = Cleared
}
pred hold { Waiting' = Waiting and Cleared' = Cleared and OnRunway' = OnRunway and Airborne' = Airborne }
fact trans { always (hold or some p: Plane | clear[p] or lineUp[p] or takeOff[p]) }
assert ClearedFirst { always all p: Plane | p in OnRunway implies once p in Cleared }
assert OneOnRunway { always lone OnRunway }
check ClearedFirst for 3 but 10 steps
check OneOnRunway for 3 but 10 steps
run Departure { some p: Plane | eventually p in Airborne } for 3 but 10 steps
