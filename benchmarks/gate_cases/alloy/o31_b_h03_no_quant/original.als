module rbac

sig Perm {}
sig Role { grants: set Perm, inherits: lone Role }
sig User { roles: set Role }

fact NoSelfInherit { no r: Role | r in r.^inherits }
fact Inheritance { some r: Role | r.inherits.grants in r.grants }

fun effective[u: User]: set Perm { u.roles.*inherits.grants }

assert EffectiveIsDirect { all u: User | effective[u] = u.roles.grants }
assert AncestorsCovered { all r: Role | r.^inherits.grants in r.grants }

check EffectiveIsDirect for 4
check AncestorsCovered for 4
