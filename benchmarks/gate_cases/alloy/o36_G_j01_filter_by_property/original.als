module building

abstract sig Role {}
one sig Visitor, Staff, Admin extends Role {}

sig Floor {}
one sig Lobby extends Floor {}

sig Dept {
  floor: one Floor
}

sig Employee {
  role: one Role,
  dept: one Dept,
  access: set Floor
}

fact accessRule {
  all e: Employee | e.role = Visitor implies e.access = Lobby
  all e: Employee | e.role = Staff implies e.access = Lobby + Dept.floor
  all e: Employee | e.role = Admin implies e.access = Floor
}

assert OwnFloorOnly {
  all e: Employee | e.role != Admin implies e.access in Lobby + e.dept.floor
}

assert EveryoneInLobby {
  all e: Employee | Lobby in e.access
}

check OwnFloorOnly for 4
check EveryoneInLobby for 4
run staffAccess { some e: Employee | e.role = Staff and e.access != Lobby } for 4
