
// --- intent probes ---
check { all u: User | u.perms = u.roles.*inherits.grants } for 4 expect 0
check { no r: Role | r in r.^inherits } for 4 expect 0
run { some u: User, p: Permission | p not in u.perms and some u.perms } for 4 expect 1
run { some u: User, r: u.roles | some r.inherits and some r.inherits.inherits } for 4 expect 1
run { some u: User, r: u.roles | some r.^inherits.grants - r.grants } for 4 expect 1
run { some r: Role | Audit in r.grants and some r.inherits } for 4 expect 1
run { some u: User | no u.roles } for 4 expect 1
