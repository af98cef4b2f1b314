sig Proc {}
sig Node { nxt: lone Node, holder: lone Proc }
pred held[n: Node] { some n.holder }
// faulty: held nodes may point at free ones
fact Chain { all n: Node | held[n] implies some n.nxt }
assert HeldFollows { all held: Node | some held.holder implies some held.nxt.holder }
check HeldFollows for 3 expect 0
run { some nxt } for 3
