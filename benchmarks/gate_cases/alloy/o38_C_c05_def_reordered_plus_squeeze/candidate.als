module vault

abstract sig Level {}
one sig Low, High extends Level {}

sig Group {}
sig User {
  clearance: one Level,
  groups: set Group
}
sig Doc {
  level: one Level,
  owner: one User,
  shared: set Group,
  readers: set User
}

fact Readers {
  all d: Doc | d.level = Low implies d.readers = User
  all d: Doc | d.level = High implies d.readers = d.owner.groups.~groups + d.shared.~groups + d.owner
}

fact Mates { all d: Doc | d.level = High implies d.owner.groups.~groups.clearance in High }

fact HighOwners { all d: Doc | d.level = High implies d.owner.clearance = High }
fact HighShares { all d: Doc, g: d.shared | d.level = High implies g.~groups.clearance in High }

assert HighReadersCleared { all d: Doc | d.level = High implies d.readers.clearance in High }
assert OwnerReads { all d: Doc | d.owner in d.readers }

check HighReadersCleared for 3
check OwnerReads for 3
run SharedSecret { some d: Doc | d.level = High and some d.shared and some User.clearance & Low } for 3
