sig Node { nxt: lone Node }
fact Fix { no n: Node | n in n.^nxt }
assert Small { lone Node implies lone nxt }
assert Acyclic { all n: Node | n not in n.^nxt }
check Small for 3 but 1 Node expect 0
check Acyclic for 4 expect 0
