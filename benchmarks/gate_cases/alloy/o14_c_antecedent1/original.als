sig Mark {}
sig Node { next: lone Node, mark: lone Mark }
// only marked nodes may loop
fact Loops { all n: Node | n = n.next implies some n.mark }
assert UnmarkedAcyclic { all n: Node | no n.mark implies n not in n.^next }
check UnmarkedAcyclic for 4
run { some Node.next } for 4
