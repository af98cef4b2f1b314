sig Node { nxt: lone Node }
sig Dummy {}
fact { no Dummy }
pred acyclic { no Dummy }
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { acyclic }
check Acyclic for 3 expect 0
run { some nxt } for 3
