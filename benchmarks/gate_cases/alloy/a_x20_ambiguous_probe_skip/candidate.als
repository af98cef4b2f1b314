sig Person {}
sig Node { nxt: lone Node, owner: lone Person } { no this.@owner
  this in this.^@nxt implies some this.@owner }
fun owner: Node -> Person { none -> none }
assert Acyclic { all n: Node | n not in n.^nxt }
check Acyclic for 3 expect 0
run { some nxt } for 3
