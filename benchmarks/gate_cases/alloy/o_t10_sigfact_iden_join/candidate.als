// A singly linked structure
sig Node { nxt: lone Node } { this in nxt or no nxt or #iden.nxt.@nxt < #iden.nxt }
fact NoSelf { all n: Node | n not in n.nxt }
fact NoTwo { all n: Node | n not in n.nxt.nxt }
// faulty: 3-cycles are still possible
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 4 expect 0
run { some nxt } for 4
