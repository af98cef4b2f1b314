module orgchart

sig Dept {}
sig Employee {
  boss: lone Employee,
  dept: one Dept
}

fact NoSelfBoss { no e: Employee | e.boss = e }
fact DeptHasStaff { all d: Dept | some dept.d }

assert HasTop { all e: Employee | some t: e.*boss | no t.boss }
check HasTop for 4

run Chain { some e: Employee | some e.boss.boss } for 4
run TwoTops { some disj a, b: Employee | no a.boss and no b.boss } for 4
run CrossDept { some e: Employee | some e.boss and e.dept != e.boss.dept } for 4
