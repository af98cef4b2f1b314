
// --- intent probes ---
check { always all s: Open | no Train.on & s.overlaps } for 4 but 2 Train, 5 steps expect 0
check { always all disj t1, t2: Train | t2.on not in t1.on.overlaps } for 4 but 3 Train, 5 steps expect 0
run { #Train = 2 and some disj t1, t2: Train | eventually (t1.on' != t1.on and eventually t2.on' != t2.on) } for 4 but 2 Train, 5 steps expect 1
run { some disj s1, s2: Segment | s2 in s1.overlaps and eventually s1 in Train.on and eventually s2 in Train.on } for 4 but 2 Train, 6 steps expect 1
run { #Train = 2 and eventually #Open = 2 } for 4 but 2 Train, 3 steps expect 1
run { eventually (some t: Train | t.on' != t.on and some t.on'.next & Open) } for 4 but 2 Train, 4 steps expect 1
