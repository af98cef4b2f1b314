// Role-based access control (written for fmrepair's gate cases).
sig Perm {}
sig Role { grants: set Perm }
sig User { roles: set Role, requested: set Perm, perms: set Perm }

// faulty: a user also gets every permission they merely requested
fact Effective { all u: User | u.perms = u.roles.grants }

assert OnlyGranted { all u: User, p: Perm | p in u.perms implies some r: u.roles | p in r.grants }
check OnlyGranted for 3 expect 0
run { some u: User | some u.perms and some u.requested } for 3
