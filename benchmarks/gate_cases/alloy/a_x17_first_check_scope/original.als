sig Node { nxt: lone Node }
assert Small { lone Node implies lone nxt }
assert Injective { all disj a, b: Node | no a.nxt & b.nxt }
check Small for 3 but 1 Node expect 0
check Injective for 4 expect 0
