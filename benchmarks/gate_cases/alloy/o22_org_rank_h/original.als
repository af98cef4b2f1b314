// Organisation chart: employees, their bosses and pay grades.
open util/ordering[Grade]

sig Grade {}
sig Dept { head: lone Employee }
sig Employee {
  grade: one Grade,
  boss: lone Employee,
  dept: one Dept
}

// a boss is graded strictly above the people who report to them
fact BossOutranks {
  all e: Employee | some e.boss implies lte[e.grade, e.boss.grade]
}
fact HeadsInDept { all d: Dept | d.head.dept = d }

assert NoBossCycle { all e: Employee | e not in e.^boss }
assert BossAbove { all e: Employee | some e.boss implies lt[e.grade, e.boss.grade] }
check NoBossCycle for 4
check BossAbove for 4

pred showOrg { some e: Employee | some e.boss and some e.boss.boss }
run showOrg for 4 expect 1
