/*
A hospital. Staff members (doctors and nurses) work in wards, every bed belongs to one ward, a ward
may have a head, doctors prescribe drugs to patients, and patients may be allergic to drugs. Over
time (Alloy 6) patients are given beds and leave them, and some patients are critical.
*/
abstract sig Staff {
	worksIn : some Ward
}
sig Doctor extends Staff {
	prescribes : Patient -> Drug
}
sig Nurse extends Staff {}
sig Ward {
	beds : set Bed,
	head : lone Doctor
}
sig Bed {}
sig Drug {}
sig Patient {
	allergies : set Drug,
	var bed : lone Bed
}
var sig Critical in Patient {}

fact BedsInWards {
	all b : Bed | one beds.b
}
fact NursesEverywhere {
	all w : Ward | some worksIn.w & Nurse
}
/*
Every ward has a head, and the head of a ward is a doctor who works in that ward.
*/
pred inv1 {
	all w : Ward | some w.head and w.head in worksIn.w
}
/*
No doctor prescribes a patient a drug to which that patient is allergic.
*/
pred inv2 {
	all d : Doctor, p : Patient | no p.(d.prescribes) & p.allergies
}
/*
At every moment, no two patients are in the same bed.
*/
pred inv3 {
	always all b : Bed | lone bed.b
}
/*
At every moment, every critical patient has a bed.
*/
pred inv4 {
	always Critical in bed.Bed
}
/*
A patient is never moved directly from one bed to another: if they have a bed now and in the next state, it is the same bed.
*/
pred inv5 {
	always all p : Patient | (some p.bed and some p.bed') implies p.bed' = p.bed
}
/*
A critical patient is never discharged: a patient who has a bed now and no bed in the next state is not critical.
*/
pred inv6 {
	always all p : Patient | (some p.bed and no p.bed') implies p not in Critical
}
/*
At every moment, every patient in a bed has been prescribed some drug by a doctor who works in the ward of that bed.
*/
pred inv7 {
	always all w : Ward | some w.head.prescribes
}
/*======== IFF PERFECT ORACLE ===============*/
pred inv1_OK {
	all w : Ward | some w.head and w.head in worksIn.w
}
assert inv1_Repaired {
    inv1[] iff inv1_OK[]
}
--------
pred inv2_OK {
	all d : Doctor, p : Patient | no p.(d.prescribes) & p.allergies
}
assert inv2_Repaired {
    inv2[] iff inv2_OK[]
}
--------
pred inv3_OK {
	always all b : Bed | lone bed.b
}
assert inv3_Repaired {
    inv3[] iff inv3_OK[]
}
--------
pred inv4_OK {
	always Critical in bed.Bed
}
assert inv4_Repaired {
    inv4[] iff inv4_OK[]
}
--------
pred inv5_OK {
	always all p : Patient | (some p.bed and some p.bed') implies p.bed' = p.bed
}
assert inv5_Repaired {
    inv5[] iff inv5_OK[]
}
--------
pred inv6_OK {
	always all p : Patient | (some p.bed and no p.bed') implies p not in Critical
}
assert inv6_Repaired {
    inv6[] iff inv6_OK[]
}
--------
pred inv7_OK {
	always all p : bed.Bed | some d : Doctor | beds.(p.bed) in d.worksIn and some p.(d.prescribes)
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
pred repair_pred_1{inv7[] iff inv7_OK[] }
run repair_pred_1
assert repair_assert_1{inv7[] iff inv7_OK[] }
check repair_assert_1
