sig Node { next: lone Node }
pred bad[n: Node] { not (n.next != n and no (n & n.^next)) }
fact Sane { no n: Node | bad[n] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
