sig Node { nxt: lone Node }
fact NoSelf { all n: Node | n not in n.^nxt }
assert Functional { all n: Node | lone n.nxt }
check Functional for 3 expect 0
run { some nxt } for 3
