sig Node { next: lone Node, mark: set Node } { some mark implies ok[this] }
pred ok[n: Node] { n.next != n and no (n & n.^next) }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
