-- Role-based access control (static model).
-- Intent: every user holds AT LEAST one role (users may combine roles);
-- a user's permissions are the union of their roles' grants; only the
-- admin role grants the Audit permission.
sig Perm {}
one sig Audit extends Perm {}
sig Role { grants: set Perm }
one sig Admin extends Role {}
sig User { roles: set Role }

fact Grants { Admin.grants = Perm and all r: Role - Admin | some r.grants and Audit not in r.grants }
-- every user needs a role
fact HasRole { all u: User - User | one u.roles }

fun perms[u: User]: set Perm { u.roles.grants }

assert AuditOnlyAdmins { all u: User | Audit in perms[u] implies Admin in u.roles }
check AuditOnlyAdmins for 4

-- a user who is both admin and something else must be possible
run Combined { some u: User | Admin in u.roles and some u.roles - Admin } for 4 expect 1
run Plain { some u: User | Admin not in u.roles and some perms[u] } for 4 expect 1
