
// --- intent probes ---
check { all po: Post | one author[po] } for 4 expect 0
check { all p: Person, po: p.posts | po.visibleTo = p + p.friends } for 4 expect 0
check { all po: Post | no po.visibleTo & author[po].blocked } for 4 expect 0
run { some p: Person | no p.friends and some p.posts } for 3 expect 1
run { some p: Person | some p.blocked and some p.posts } for 3 expect 1
run { some po: Post, q: Person | q not in po.visibleTo and q not in author[po].blocked } for 3 expect 1
run { some p: Person | #p.posts = 2 and #p.friends = 2 } for 4 expect 1
