sig Mark {}
sig Node { next: lone Node, mark: lone Mark }
// unmarked nodes may end a chain; marked nodes always point on
fact Shape { all n: Node | no n.mark implies lone n.next else one n.next }
assert MarkedAcyclic { all n: Node | some n.mark implies n not in n.^next }
check MarkedAcyclic for 4
run { some mark } for 4
