sig Node { next: lone Node }
pred ok[n: Node] { n != n.next }
fact AllOk { all n: Node | ok[n] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
