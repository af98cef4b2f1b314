sig Node { next: lone Node }
fact Root { one r: Node | no next.r and Node in r.*next }
assert Reach { some r: Node | Node in r.*next }
check Reach for 4
