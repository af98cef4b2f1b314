sig Token {}
lone sig Holder { tok: one Token }
fact Inj { all disj a, b: Holder | a.tok != b.tok }
fact Cover { Token in Holder.tok }
assert OneToken { lone Token }
check OneToken for 3
run { some Holder } for 3
