sig N { nxt: set N, e: ^@nxt } { this not in nxt }
assert NoSelf { all n: N | n not in n.nxt }
check NoSelf for 3
