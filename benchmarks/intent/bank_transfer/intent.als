
// --- intent probes ---
check { always all c: Coin | one coins.c } for 3 but 7 steps expect 0
check { always all a: Account | a.coins' != a.coins implies (a not in Frozen and a not in Frozen') } for 3 but 7 steps expect 0
check { always (Account.coins' = Account.coins) } for 3 but 7 steps expect 0
run { some disj a, b: Account, c: Coin | a.owner != b.owner and c in a.coins and eventually c in b.coins } for 3 but 4 steps expect 1
run { some a: Account | eventually (a in Frozen and eventually (a not in Frozen and a.coins' != a.coins)) } for 3 but 6 steps expect 1
run { some a: Account | eventually (a in Frozen and some a.coins) } for 3 but 4 steps expect 1
run { some b: Account | some b.coins and eventually #b.coins = 2 } for 3 but 4 steps expect 1
