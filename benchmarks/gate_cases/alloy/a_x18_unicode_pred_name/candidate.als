sig Node { nxt: lone Node }
pred überallAzyklisch { some Node or no Node }
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { überallAzyklisch }
check Acyclic for 3 expect 0
run { some nxt } for 3
