/*
A library lends books to members (Alloy 6: loans and reservations change over time).
*/
sig Book {}
sig Member {
	var loans : set Book
}
var sig Reserved in Book {}
/*
Initially, no book is on loan.
*/
pred inv1 {
	no loans
}
/*
A book is never lent to two members at the same time.
*/
pred inv2 {
	always all b : Book | lone loans.b
}
/*
A reserved book is never on loan.
*/
pred inv3 {
	always no Reserved & Member.loans
}
/*
Every book lent to a member is eventually returned by that member.
*/
pred inv4 {
	always all m : Member, b : m.loans | eventually b not in m.loans
}
/*
In each step a member borrows at most one new book.
*/
pred inv5 {
	always all m : Member | lone m.loans' - m.loans
}
/*
A reserved book is eventually lent, and stays reserved until then.
*/
pred inv6 {
	always all b : Reserved | b in Member.loans until b in Reserved
}
/*
Every book on loan was reserved at some point (now or before).
*/
pred inv7 {
	always all b : Member.loans | once b in Reserved
}
/*======== IFF PERFECT ORACLE ===============*/
pred inv1_OK {
	no loans
}
assert inv1_Repaired {
    inv1[] iff inv1_OK[]
}
--------
pred inv2_OK {
	always all b : Book | lone loans.b
}
assert inv2_Repaired {
    inv2[] iff inv2_OK[]
}
--------
pred inv3_OK {
	always no Reserved & Member.loans
}
assert inv3_Repaired {
    inv3[] iff inv3_OK[]
}
--------
pred inv4_OK {
	always all m : Member, b : m.loans | eventually b not in m.loans
}
assert inv4_Repaired {
    inv4[] iff inv4_OK[]
}
--------
pred inv5_OK {
	always all m : Member | lone m.loans' - m.loans
}
assert inv5_Repaired {
    inv5[] iff inv5_OK[]
}
--------
pred inv6_OK {
	always all b : Reserved | b in Reserved until b in Member.loans
}
assert inv6_Repaired {
    inv6[] iff inv6_OK[]
}
--------
pred inv7_OK {
	always all b : Member.loans | once b in Reserved
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
pred repair_pred_1{inv6[] iff inv6_OK[] }
run repair_pred_1
assert repair_assert_1{inv6[] iff inv6_OK[] }
check repair_assert_1
