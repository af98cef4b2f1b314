// Organisation: employees have pay grades and at most one boss.
open util/ordering[Grade]
sig Grade {}
sig Emp { grade: one Grade, boss: lone Emp }

// a boss has a higher grade than the employees they boss, and bosses at most one employee
fact Org { all e: Emp | (some e.boss implies lt[e.grade, e.boss.grade]) and #boss.e < 4 }

assert NoSelfBoss { all e: Emp | e not in e.^boss }
check NoSelfBoss for 4
assert BossOutranks { all e: Emp | some e.boss implies lt[e.grade, e.boss.grade] }
check BossOutranks for 4

pred deep { some e: Emp | some e.boss.boss }
run deep for 4 expect 1
