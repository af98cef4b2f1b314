module org

sig Dept {}
sig Employee {
  boss: lone Employee,
  dept: one Dept
} { (this in this.^@boss and this.^@boss.@dept = dept) implies some crowd }
fun crowd: set Employee { { e: Employee | some disj a, b, c, d: Employee - e | a in Employee } }

fact SameDept { all e: Employee | some e.boss implies e.boss.dept = e.dept }
fact NoSelfBoss { no e: Employee | e.boss = e }

assert Acyclic { no e: Employee | e in e.^boss }

check Acyclic for 4
run Chain { some e: Employee | some e.boss and some e.boss.boss } for 4 expect 1
run TwoDepts { some disj e1, e2: Employee | e1.dept != e2.dept and some e1.boss } for 4 expect 1
