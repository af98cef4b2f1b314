sig Node { next: lone Node }
fact NoSelf { no n: Node | some m: n.next | m = n }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
