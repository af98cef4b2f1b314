open util/ordering[Node] as nord
sig Node { nxt: lone Node }
fact NoSelf { all n: Node | n not in n.nxt }
fact NoTwo { all n: Node | n not in n.nxt.nxt }
fact Fix { all n: Node | n.nxt in n.(nord/nexts) }
// faulty: 3-cycles still possible
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 3 expect 0
run { some nxt } for 3
