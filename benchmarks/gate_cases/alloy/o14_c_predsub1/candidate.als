sig Mark {}
sig Node { next: lone Node, mark: lone Mark }
pred ok[n: Node] { n != n.next and no (n & n.^next) }
// marked nodes are the ones we care about
fact Marked { all n: Node | some n.mark implies ok[n] }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
run { some mark } for 4
