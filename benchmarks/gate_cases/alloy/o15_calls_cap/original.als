sig Node { next: lone Node, mark: set Node }
pred ok[n: Node] { n.next != n }
fact D1 { all n: Node | n in n.mark implies ok[n] }
fact D2 { all n: Node | n.next in n.mark implies ok[n] }
fact D3 { all n: Node | no n.next implies ok[n] }
fact D4 { all n: Node | n in Node.mark implies ok[n] }
fact F { all n: Node | some n.mark implies ok[n] }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
