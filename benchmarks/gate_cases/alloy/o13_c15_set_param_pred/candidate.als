sig Node { next: lone Node }
pred wf[ns: set Node] { all n: ns | n != n.next and no (n & n.^next) }
fact WF { wf[Node] }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
