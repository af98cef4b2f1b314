
// --- intent probes ---
check { all o: Object - Root | one parent[o] } for 4 expect 0
check { no o: Object | o in o.^contents } for 4 expect 0
check { Object in Root.*contents } for 4 expect 0
run { some d: Dir - Root | some d.contents & Dir and some d.contents.contents } for 4 expect 1
run { some disj f1, f2: File | f1.name = f2.name } for 4 expect 1
run { some d: Dir - Root | no d.contents } for 4 expect 1
run { #Root.contents = 2 and some File - Root.contents } for 4 expect 1
