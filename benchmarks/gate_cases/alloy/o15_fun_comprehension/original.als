sig Node { next: lone Node, mark: set Node }
pred ok[n: Node] { n.next != n }
fun good: set Node { { n: Node | ok[n] } }
fact F { mark.Node in good }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
