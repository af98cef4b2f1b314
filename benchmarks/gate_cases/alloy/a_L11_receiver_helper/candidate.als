sig Node { nxt: lone Node }
// faulty: two nodes may share a successor
pred Node.uniquePred { lone this.~nxt }
fact Fix { all n: Node | n.uniquePred }
assert Injective { all disj a, b: Node | no a.nxt & b.nxt }
check Injective for 3 expect 0
run { some nxt } for 3
