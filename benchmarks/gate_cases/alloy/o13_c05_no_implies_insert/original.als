sig Node { next: lone Node }
fact NoSelf { no n: Node | n = n.next }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
