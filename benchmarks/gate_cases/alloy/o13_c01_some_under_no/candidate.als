sig Node { next: lone Node }
fact NoSelf { no n: Node | some m: n.next | m = n or n in m.^next }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
