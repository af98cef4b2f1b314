sig Node { nxt: lone Node }
fact Fix { #Node > 1 implies no nxt }
assert Small { lone Node implies lone nxt }
assert Injective { all disj a, b: Node | no a.nxt & b.nxt }
check Small for 3 but 1 Node expect 0
check Injective for 4 expect 0
