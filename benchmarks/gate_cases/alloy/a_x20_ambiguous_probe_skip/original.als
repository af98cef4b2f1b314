sig Person {}
sig Node { nxt: lone Node, owner: lone Person }
// a cycle needs an owner somewhere
fact Owned { all n: Node | n in n.^nxt implies some n.owner }
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 3 expect 0
run { some nxt } for 3
