
// --- intent probes ---
check { always all i: Item | i in Shipped implies always i in Shipped } for 3 but 7 steps expect 0
check { always (Shipped' - Shipped) in Reserved - Reserved' } for 3 but 7 steps expect 0
check { always (Available + Reserved + Shipped) in (Available + Reserved + Shipped)' } for 3 but 7 steps expect 0
run { some i: Item | eventually (i in Reserved and after i in Available) } for 3 but 5 steps expect 1
run { some i: Item | eventually (i in Available and eventually (i in Reserved and eventually i in Shipped)) } for 3 but 6 steps expect 1
run { eventually (some Available and some Reserved and some Shipped) } for 3 but 8 steps expect 1
run { eventually #Reserved = 2 } for 3 but 6 steps expect 1
