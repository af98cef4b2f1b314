-- Document access: users read documents through their teams and their roles.
abstract sig Level {}
one sig Public, Secret extends Level {}

sig User {
  clearance: one Level,
  teams: set Team,
  roles: set Role
}
sig Team { docs: set Doc }
sig Role { grants: set Doc }
sig Doc { level: one Level }

fun readable[u: User]: set Doc { u.teams.docs + u.roles.grants }

fact TeamDocs {
  all t: Team, d: t.docs | d.level = Secret implies all u: teams.t | u.clearance = Secret
}

fact RoleDocs {
  all r: Role, d: r.grants | d.level = Secret implies (lone roles.r and some u: roles.r | u.clearance = Secret)
}

assert NoLeak { all u: User, d: readable[u] | d.level = Secret implies u.clearance = Secret }
check NoLeak for 4
