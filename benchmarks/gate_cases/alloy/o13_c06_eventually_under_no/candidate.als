sig Node { var next: lone Node }
fact NoSelf { no n: Node | eventually (n = n.next or n in n.^next) }
assert Acyclic { always all n: Node | n not in n.^next }
check Acyclic for 3 but 4 steps
