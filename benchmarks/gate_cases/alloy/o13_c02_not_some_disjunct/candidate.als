sig Node { next: lone Node }
fact NoSelf { not (some n: Node | n = n.next or n in n.^next) }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
