check { all e: Employee - CEO | one e.manager } for 4 expect 0
check { all e: Employee | not canApprove[e, e] } for 4 expect 0
check { all b, e: Employee | canApprove[b, e] iff b in e.^manager } for 4 expect 0
run { some a, b, c: Employee | a != CEO and a in b.manager and b in c.manager and canApprove[a, c] } for 4 expect 1
run { some e: Employee - CEO | some directReports[e] } for 4 expect 1
