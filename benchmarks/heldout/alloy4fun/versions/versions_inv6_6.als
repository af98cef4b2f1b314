open util/ordering[Version]

/*
A repository history: versions in chronological order (util/ordering), each with the files it
contains and the developer who committed it. Some versions are tagged as releases.
*/
sig File {}
sig Dev {}
sig Version {
	files : set File,
	author : one Dev
}
sig Release in Version {}
/*
The first version contains no files.
*/
pred inv1 {
	no first.files
}
/*
Files are never removed: every file of a version is also in the next version.
*/
pred inv2 {
	all v : Version - last | v.files in v.next.files
}
/*
The last version is a release.
*/
pred inv3 {
	last in Release
}
/*
No two consecutive versions are both releases.
*/
pred inv4 {
	all r : Release | no r.next & Release
}
/*
Every developer who authored a release also authored some earlier version.
*/
pred inv5 {
	all r : Release | r.author in r.prevs.author
}
/*
Consecutive versions are committed by different developers.
*/
pred inv6 {
	all v : Version - last | v.next.author != v.prev.author
}
/*
Every file in a release is also in every later version.
*/
pred inv7 {
	all r : Release, v : r.nexts | r.files in v.files
}
/*======== IFF PERFECT ORACLE ===============*/
pred inv1_OK {
	no first.files
}
assert inv1_Repaired {
    inv1[] iff inv1_OK[]
}
--------
pred inv2_OK {
	all v : Version - last | v.files in v.next.files
}
assert inv2_Repaired {
    inv2[] iff inv2_OK[]
}
--------
pred inv3_OK {
	last in Release
}
assert inv3_Repaired {
    inv3[] iff inv3_OK[]
}
--------
pred inv4_OK {
	all r : Release | no r.next & Release
}
assert inv4_Repaired {
    inv4[] iff inv4_OK[]
}
--------
pred inv5_OK {
	all r : Release | r.author in r.prevs.author
}
assert inv5_Repaired {
    inv5[] iff inv5_OK[]
}
--------
pred inv6_OK {
	all v : Version - last | v.author != v.next.author
}
assert inv6_Repaired {
    inv6[] iff inv6_OK[]
}
--------
pred inv7_OK {
	all r : Release, v : r.nexts | r.files in v.files
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
