/*
A railway line is an ordered sequence of track segments. Some segments are guarded by a
signal, and a signal may be red at a given time. A train is either on the line, at one
segment (its position), or in the depot (no position). The trains that are moving at a
given time form Moving; the signals that are red form Red.
*/
open util/ordering[Segment]

sig Segment {
	signal : lone Signal
}

sig Signal {}

var sig Red in Signal {}

sig Train {
	var pos : lone Segment
}

var sig Moving in Train {}

fact OneSegmentPerSignal {
	all g : Signal | lone signal.g
}
/*
The first segment has no signal, and no two consecutive segments both have a signal.
*/
pred inv1 {
	no first.signal and (all s : Segment | some s.signal implies no s.next.signal)
}
/*
No two trains are ever on the same segment at the same time.
*/
pred inv2 {
	always all disj t1, t2 : Train | no t1.pos & t2.pos
}
/*
Trains enter the line at the first segment: whenever a train is on the line, it has been
at the first segment at some point (now or before).
*/
pred inv3 {
	always all t : Train | some t.pos implies once t.pos = first
}
/*
Trains move at most one segment per step: whenever a train is on the line now and in the
next state, in the next state it is on the same segment or on the next one.
*/
pred inv4 {
	always all t : Train | (some t.pos and some t.pos') implies t.pos' in t.pos + t.pos.next
}
/*
A train is moving exactly when its position changes from the current state to the next one.
*/
pred inv5 {
	all t : Train | t in Moving iff t.pos' != t.pos
}
/*
A train never moves into a segment with a red signal: if a train's position changes, its new
segment has no signal that is red in the current state.
*/
pred inv6 {
	always all t : Train | t.pos' != t.pos implies no t.pos'.signal & Red
}
/*
A moving train keeps moving until it reaches the last segment.
*/
pred inv7 {
	always all t : Moving | t in Moving until t.pos = last
}
/*======== IFF PERFECT ORACLE ===============*/
pred inv1_OK {
	no first.signal and (all s : Segment | some s.signal implies no s.next.signal)
}
assert inv1_Repaired {
    inv1[] iff inv1_OK[]
}
--------
pred inv2_OK {
	always all disj t1, t2 : Train | no t1.pos & t2.pos
}
assert inv2_Repaired {
    inv2[] iff inv2_OK[]
}
--------
pred inv3_OK {
	always all t : Train | some t.pos implies once t.pos = first
}
assert inv3_Repaired {
    inv3[] iff inv3_OK[]
}
--------
pred inv4_OK {
	always all t : Train | (some t.pos and some t.pos') implies t.pos' in t.pos + t.pos.next
}
assert inv4_Repaired {
    inv4[] iff inv4_OK[]
}
--------
pred inv5_OK {
	always all t : Train | t in Moving iff t.pos' != t.pos
}
assert inv5_Repaired {
    inv5[] iff inv5_OK[]
}
--------
pred inv6_OK {
	always all t : Train | t.pos' != t.pos implies no t.pos'.signal & Red
}
assert inv6_Repaired {
    inv6[] iff inv6_OK[]
}
--------
pred inv7_OK {
	always all t : Moving | t in Moving until t.pos = last
}
assert inv7_Repaired {
    inv7[] iff inv7_OK[]
}
--------
-- PerfectOracleCommands
 check inv1_Repaired expect 0
 check inv2_Repaired expect 0
 check inv3_Repaired expect 0
 check inv4_Repaired expect 0
 check inv5_Repaired expect 0
 check inv6_Repaired expect 0
 check inv7_Repaired expect 0
pred repair_pred_1{inv5[] iff inv5_OK[] }
run repair_pred_1
assert repair_assert_1{inv5[] iff inv5_OK[] }
check repair_assert_1
