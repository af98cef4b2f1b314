sig N { nxt: set N, e: set ^@nxt } { nxt in N }
assert NoSelf { all n: N | n not in n.nxt }
check NoSelf for 3
