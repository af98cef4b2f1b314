sig Node { next: lone Node, mark: set Node }
pred ok[n: Node] { n.next != n }
fact F { all n: Node | some n.mark implies n.ok }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
