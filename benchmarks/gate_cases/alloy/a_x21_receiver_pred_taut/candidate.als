sig Node { nxt: lone Node }
pred Node.ok { some this }
fact NoSelf { all n: Node | n not in n.nxt }
assert AllOk { all n: Node | n.ok }
check AllOk for 3 expect 0
run { some nxt } for 3
