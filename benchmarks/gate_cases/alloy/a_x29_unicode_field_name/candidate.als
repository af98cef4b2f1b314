sig Node { ñxt: lone Node }
fact NoSelf { all n: Node | n not in n.ñxt }
fact Fix { no ñxt }
assert Acyclic { all n: Node | n not in n.^ñxt }
check Acyclic for 3 expect 0
