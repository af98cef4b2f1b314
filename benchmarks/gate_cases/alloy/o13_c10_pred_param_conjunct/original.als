sig Node { next: lone Node }
pred good[n: Node] { n != n.next }
fact AllGood { all n: Node | good[n] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
