check { all p: Package | p not in p.^depends } for 4 expect 0
check { all p: Installed | p.^depends in Installed } for 4 expect 0
run { some p, q, r: Package | q in p.depends and r in q.depends and r not in p.depends } for 4 expect 1
run { some p: Package - Installed | some p.depends - Installed } for 4 expect 1
run { some p, q, r: Package - Installed | q in p.depends and r in q.depends } for 4 expect 1
run { some p: Installed | some p.depends and removable[p] and some Package - Installed } for 4 expect 1
