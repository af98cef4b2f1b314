// Reorganising a company (written for fmrepair's gate cases).
sig Emp {}
sig Org { staff: set Emp, boss: staff -> lone staff } { noCycles[this] }

pred noCycles[o: Org] { no e: o.staff | e in e.^(o.boss) }
pred hire[o, o2: Org, e, m: Emp] { e not in o.staff and m in o.staff and o2.staff = o.staff + e and o2.boss = o.boss + e -> m }
pred reassign[o, o2: Org, e, m: Emp] { e + m in o.staff and o2.staff = o.staff and o2.boss = o.boss ++ e -> m }

// faulty: reassign may make someone report to one of their own reports
assert ReassignKeepsTree { all o, o2: Org, e, m: Emp | noCycles[o] and reassign[o, o2, e, m] implies noCycles[o2] }
assert HireKeepsTree { all o, o2: Org, e, m: Emp | noCycles[o] and hire[o, o2, e, m] implies noCycles[o2] }
check ReassignKeepsTree for 3 expect 0
check HireKeepsTree for 3 expect 0
run { some o: Org | some o.boss } for 3
