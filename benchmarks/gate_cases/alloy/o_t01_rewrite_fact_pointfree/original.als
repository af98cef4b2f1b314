sig Node { nxt: lone Node }
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 3 expect 0
run { some nxt } for 3
