sig Node { next: lone Node, mark: set Node }
pred ok[n: Node] { n.next != n and no (n & n.^next) }
let okm[n] = ok[n]
fact F { all n: Node | some n.mark implies okm[n] }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
