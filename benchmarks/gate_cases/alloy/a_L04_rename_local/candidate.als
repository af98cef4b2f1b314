sig Node { nxt: lone Node }
// faulty: nothing rules out a cycle
fact NoSelf { all x: Node | x not in x.^nxt }
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 3 expect 0
run { some nxt } for 3
