
// --- intent probes ---
check { all s: Student, c: s.enrolled | c.prereqs in s.completed } for 4 expect 0
check { all s: Student | no s.enrolled & s.completed } for 4 expect 0
run { some s: Student, c: s.enrolled | no c.prereqs } for 3 expect 1
run { some s: Student, c: s.enrolled | #c.prereqs = 2 } for 4 expect 1
run { some s: Student | #s.enrolled = 2 and some s.completed } for 4 expect 1
run { some c: Course | #enrolled.c = 3 } for 4 expect 1
