-- Document store: who may read a file is defined from its owner, its group and its level.
sig User {}
sig Cleared in User {}
sig Group { members: set User }
abstract sig Level {}
one sig Low, High extends Level {}
sig File {
  owner: one User,
  group: lone Group,
  level: one Level,
  canRead: set User
}

fact HighOwners { all f: File | f.level = High implies f.owner in Cleared }

fact ReadDef {
  all f: File | f.level = Low implies f.canRead = f.owner + f.group.members
  all f: File | f.level = High implies f.canRead = f.owner + (f.group.members & Cleared)
}

assert HighReadersCleared { all f: File | f.level = High implies f.canRead in Cleared }
assert OwnerReads { all f: File | f.owner in f.canRead }
check HighReadersCleared for 4
check OwnerReads for 4
