module org

abstract sig Employee {
  boss: lone Employee,
  team: set Employee
}
one sig CEO extends Employee {}
sig Staff extends Employee {}

fact Hierarchy {
  no CEO.boss
  all s: Staff | some s.boss
  all e: Employee | e.team = boss.e
  no e: Employee | e in e.^boss
  all e: Employee | #e.^boss < 3
}

assert ChainToCEO { all e: Employee | CEO in e.*boss }
assert NoSelfManage { no e: Employee | e in e.^team }
check ChainToCEO for 5
check NoSelfManage for 5

run Deep { some e: Employee | #e.^boss = 2 } for 5
