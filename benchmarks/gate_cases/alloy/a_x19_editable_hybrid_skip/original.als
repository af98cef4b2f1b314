sig Node { nxt: lone Node }
pred acyclic { all n: Node | n not in n.^nxt }
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { acyclic }
check Acyclic for 3 expect 0
run { some nxt } for 3
