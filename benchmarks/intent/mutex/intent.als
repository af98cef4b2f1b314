
// --- intent probes ---
check { always (Lock.holder = Critical) } for 3 but 7 steps expect 0
check { always (Critical' != Critical implies (no Critical or no Critical')) } for 3 but 7 steps expect 0
run { some p: Process | eventually (p in Critical and eventually p not in Critical + Waiting) } for 3 but 6 steps expect 1
run { some disj p, q: Process | eventually p in Critical and eventually q in Critical } for 3 but 8 steps expect 1
run { eventually (some Critical and some Waiting) } for 3 but 6 steps expect 1
run { eventually #Waiting = 2 } for 3 but 6 steps expect 1
run { eventually (#Waiting = 2 and after (one Critical and one Waiting)) } for 3 but 6 steps expect 1
run { eventually (some Critical and no Waiting and after some Waiting) } for 3 but 6 steps expect 1
