sig Node { next: lone Node, mark: set Node }
pred inner[n: Node] { n.next != n }
pred outer[n: Node] { some n.mark implies inner[n] }
fact F { all n: Node | outer[n] }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
