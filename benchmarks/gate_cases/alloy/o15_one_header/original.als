sig Node { next: lone Node }
fact Root { one r: Node | no next.r }
assert Reach { some r: Node | Node in r.*next }
check Reach for 4
