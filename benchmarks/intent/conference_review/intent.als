
// --- intent probes ---
check { all p: Paper | no p.reviewers & (p.authors + p.authors.conflicts) } for 4 expect 0
check { all p: Paper | #p.reviewers = 2 } for 4 expect 0
run { some disj p, q: Paper | some p.authors & q.reviewers } for 4 expect 1
run { some p: Paper | #p.authors = 2 } for 4 expect 1
run { some r: Person | #reviewers.r = 2 } for 4 expect 1
run { some disj a, b, c: Person | a -> b + b -> c in conflicts and a -> c not in conflicts and some p: Paper | a in p.authors and c in p.reviewers } for 4 expect 1
