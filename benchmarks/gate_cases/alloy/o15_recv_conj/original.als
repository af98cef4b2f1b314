sig Node { next: lone Node }
pred Node.wf { this.next != this }
fact WF { all n: Node | n.wf }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
