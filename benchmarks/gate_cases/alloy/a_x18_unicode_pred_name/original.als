sig Node { nxt: lone Node }
pred überallAzyklisch { all n: Node | n not in n.^nxt }
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { überallAzyklisch }
check Acyclic for 3 expect 0
run { some nxt } for 3
