sig Node { next: lone Node }
sig Good in Node {}
fact AllGood { no n: Node | not (n in Good) }
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
