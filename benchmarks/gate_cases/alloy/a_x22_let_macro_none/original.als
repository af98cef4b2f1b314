sig Node { nxt: lone Node }
let reach[n] = n.^nxt
fact NoSelf { all n: Node | n not in n.nxt }
assert Acyclic { all n: Node | n not in reach[n] }
check Acyclic for 3 expect 0
run { some nxt } for 3
