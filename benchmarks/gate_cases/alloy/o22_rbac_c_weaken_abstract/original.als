// Role-based access control with separation of duties.
enum Perm { ReadLog, Approve, Pay }
abstract sig Role { perms: set Perm }
one sig Admin, Auditor, Clerk, Manager extends Role {}
sig User { roles: set Role }

fact AdminPerms { Admin.perms = Perm }
fact AuditorPerms { Auditor.perms = ReadLog }
fact ClerkPerms { Clerk.perms = Pay }
fact ManagerPerms { Manager.perms = Approve + ReadLog }
// nobody is both clerk and manager
fact SoDRoles { all u: User | Admin in u.roles or not (Clerk + Auditor in u.roles) }

fun can[u: User]: set Perm { u.roles.perms }

// only admins may both approve and pay
assert SeparationOfDuty { all u: User | Approve + Pay in can[u] implies Admin in u.roles }
check SeparationOfDuty for 4

pred busyUser { some u: User | #u.roles >= 2 }
run busyUser for 4 expect 1
