// Tasks with prerequisites
sig Task { pre: set Task }
pred wellFormed { all t: Task | t not in t.pre }
fact { wellFormed }
// faulty: longer prerequisite cycles are possible
assert NoCircularPrereq { all t: Task | t not in t.^pre }
check NoCircularPrereq for 4 expect 0
run { some pre } for 4
