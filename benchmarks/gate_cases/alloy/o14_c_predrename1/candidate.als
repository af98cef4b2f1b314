sig Node { next: lone Node }
pred wellFormed[n: Node] { n != n.next and no (n & n.^next) }
fact AllOk { all n: Node | wellFormed[n] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
