-- Company hierarchy: every employee but the CEO reports to a boss.
sig Dept {}
sig Emp {
  dept: one Dept,
  boss: lone Emp
}
one sig CEO extends Emp {}
sig Contractor in Emp {}

fact TopHasNoBoss { no CEO.boss }

-- everybody except the CEO reports to someone
fact Reports { all e: Emp - CEO | some e.boss }

-- contractors manage nobody
fact ContractorsManageNobody { no boss.Contractor }

-- a boss sits in the same department, except for the CEO
fact SameDept { all e: Emp - CEO | e.boss != CEO implies e.boss.dept = e.dept }

fact Stable { {e: Emp | e in e.^boss} in boss.Contractor }

assert NoCycle { no e: Emp | e in e.^boss }

check NoCycle for 4
run TwoLevels { some e: Emp | some e.boss.boss and some Contractor } for 4
