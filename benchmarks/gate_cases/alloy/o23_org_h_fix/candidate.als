// Organisation: employees have pay grades and at most one boss.
open util/ordering[Grade]
sig Grade {}
sig Emp { grade: one Grade, boss: lone Emp }

// a boss has a higher grade than the employees they boss
fact BossHigher { all e: Emp | some e.boss implies lt[e.grade, e.boss.grade] }
// nobody bosses more than two employees
fact Span { all e: Emp | #boss.e < 2 }

assert NoSelfBoss { all e: Emp | e not in e.^boss }
check NoSelfBoss for 4
assert BossOutranks { all e: Emp | some e.boss implies lt[e.grade, e.boss.grade] }
check BossOutranks for 4

pred deep { some e: Emp | some e.boss.boss }
run deep for 4 expect 1
