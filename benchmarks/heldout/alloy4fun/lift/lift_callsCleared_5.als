open util/ordering[Floor]

/*
A lift moves between ordered floors (util/ordering, first is the ground floor); people call it to
floors; its door may be open (Alloy 6: position, calls and door change over time).
*/
sig Floor {}
one sig Lift {
	var at : one Floor,
	var calls : set Floor
}
var sig Open in Lift {}
/*
Initially the lift is at the ground floor and there are no calls.
*/
pred startsAtGround {
	Lift.at = first and no Lift.calls
}
/*
In each step the lift stays or moves to an adjacent floor.
*/
pred oneFloorPerStep {
	always Lift.at' in Lift.at + Lift.at.next + Lift.at.prev
}
/*
While the door is open the lift does not move: it is at the same floor in the next state.
*/
pred doorStops {
	always (some Open implies Lift.at' = Lift.at)
}
/*
Every call is eventually served: the lift is at the called floor with the door open.
*/
pred callsServed {
	always all f : Lift.calls | eventually (Lift.at = f and some Open)
}
/*
A call is only cleared when it is served: a floor leaves the calls only if the lift is at that floor with the door open.
*/
pred callsCleared {
	always all f : Floor | (f not in Lift.calls and f in Lift.calls') implies (Lift.at = f and some Open)
}
/*
If no call is above the lift, it does not go up.
*/
pred noUselessClimb {
	always (no (Lift.at.nexts & Lift.calls) implies Lift.at' not in Lift.at.nexts)
}
/*
The lift reaches the top floor infinitely often.
*/
pred visitsTop {
	always eventually Lift.at = last
}
/*======== IFF PERFECT ORACLE ===============*/
pred startsAtGround_OK {
	Lift.at = first and no Lift.calls
}
assert startsAtGround_Repaired {
    startsAtGround[] iff startsAtGround_OK[]
}
--------
pred oneFloorPerStep_OK {
	always Lift.at' in Lift.at + Lift.at.next + Lift.at.prev
}
assert oneFloorPerStep_Repaired {
    oneFloorPerStep[] iff oneFloorPerStep_OK[]
}
--------
pred doorStops_OK {
	always (some Open implies Lift.at' = Lift.at)
}
assert doorStops_Repaired {
    doorStops[] iff doorStops_OK[]
}
--------
pred callsServed_OK {
	always all f : Lift.calls | eventually (Lift.at = f and some Open)
}
assert callsServed_Repaired {
    callsServed[] iff callsServed_OK[]
}
--------
pred callsCleared_OK {
	always all f : Floor | (f in Lift.calls and f not in Lift.calls') implies (Lift.at = f and some Open)
}
assert callsCleared_Repaired {
    callsCleared[] iff callsCleared_OK[]
}
--------
pred noUselessClimb_OK {
	always (no (Lift.at.nexts & Lift.calls) implies Lift.at' not in Lift.at.nexts)
}
assert noUselessClimb_Repaired {
    noUselessClimb[] iff noUselessClimb_OK[]
}
--------
pred visitsTop_OK {
	always eventually Lift.at = last
}
assert visitsTop_Repaired {
    visitsTop[] iff visitsTop_OK[]
}
--------
-- PerfectOracleCommands
 check startsAtGround_Repaired expect 0
 check oneFloorPerStep_Repaired expect 0
 check doorStops_Repaired expect 0
 check callsServed_Repaired expect 0
 check callsCleared_Repaired expect 0
 check noUselessClimb_Repaired expect 0
 check visitsTop_Repaired expect 0
pred repair_pred_1{callsCleared[] iff callsCleared_OK[] }
run repair_pred_1
assert repair_assert_1{callsCleared[] iff callsCleared_OK[] }
check repair_assert_1
