sig Mark {}
sig Node { next: lone Node, mark: lone Mark }
// exactly the marked nodes point on
fact Shape { all n: Node | one n.next iff some n.mark }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
run { some mark } for 4
