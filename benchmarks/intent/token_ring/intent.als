
// --- intent probes ---
check { always (Token' != Token implies Token' = Token.succ) } for 3 but 7 steps expect 0
check { always one Token } for 4 but 8 steps expect 0
check { always (InCS in Token and lone InCS) } for 4 but 8 steps expect 0
run { #Node = 3 and all n: Node | eventually n in Token } for 3 but 8 steps expect 1
run { #Node = 2 and all n: Node | eventually n in InCS } for 2 but 8 steps expect 1
run { some n: Node | eventually (n in Token and n not in InCS and after n not in Token) } for 3 but 6 steps expect 1
