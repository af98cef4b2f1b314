// Role-based access control with role inheritance.
// A user's effective permissions are the grants of the roles they hold,
// including every role those roles inherit from (directly or indirectly).

sig Permission {}

sig Role {
  grants: set Permission,
  inherits: set Role
}

sig User {
  roles: set Role,
  perms: set Permission
}

one sig Audit extends Permission {}

// inheritance has no cycles
fact NoCyclicInheritance {
  no r: Role | r in r.^inherits
}

// effective permissions
fact Effective {
  all u: User | u.perms = u.roles.*inherits.grants
}

// only auditors (users whose roles directly grant Audit) may audit
fact AuditIsDirect {
  all r: Role | Audit in r.grants implies no inherits.r
}

assert DirectGrantsApply {
  all u: User, r: u.roles | r.grants in u.perms
}

assert InheritedGrantsApply {
  all u: User, r: u.roles, s: r.inherits | s.grants in u.perms
}

assert NoStrayPermissions {
  all u: User, p: u.perms | some r: u.roles.*inherits | p in r.grants
}

check DirectGrantsApply for 4
check InheritedGrantsApply for 4
check NoStrayPermissions for 4
run SomeoneHasPerms { some u: User | some u.perms } for 3
