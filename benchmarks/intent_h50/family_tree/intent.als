check { all p, q: Person | q in siblings[p] iff (q != p and some p.parents & q.parents) } for 4 expect 0
run { some p, q: Person | q in siblings[p] and p.parents != q.parents } for 4 expect 1
run { some p, q: Person | q in siblings[p] and no (p.parents & q.parents & Man) } for 4 expect 1
run { some p: Person | #siblings[p] = 2 } for 4 expect 1
run { some p: Person | some p.children and some siblings[p] } for 4 expect 1
