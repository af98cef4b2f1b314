sig Node { next: lone Node }
fact NoSelf { all n: Node | n != n.next }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
