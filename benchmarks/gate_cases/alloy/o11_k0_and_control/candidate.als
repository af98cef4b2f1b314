sig Node { next: lone Node }
fact NoSelf { all n: Node | n != n.next and
  n not in n.^next }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
