sig Node { succ: lone Node }
fact Shape { not some iden & succ }
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some Node.succ } for 4
