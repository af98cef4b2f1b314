sig Node { next: lone Node }
let bad[n] { n = n.next or n in n.^next }
fact NoBad { no n: Node | bad[n] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
