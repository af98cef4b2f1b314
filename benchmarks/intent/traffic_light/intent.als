
// --- intent probes ---
check { all t: Time - last, l: Light | (l.colour[t] = Red and l.colour[t.next] = Green) implies (Light - l).colour[t.next] = Red } for 6 Time expect 0
check { all t: Time - last, l: Light | l.colour[t] = Green implies l.colour[t.next] in Green + Amber } for 6 Time expect 0
check { all t: Time | NS.colour[t] = Red or EW.colour[t] = Red } for 7 Time expect 0
run { some t1, t2: Time | NS.colour[t1] = Green and EW.colour[t2] = Green } for 6 Time expect 1
run { some t: Time - last | EW.colour[t] = Amber and EW.colour[t.next] = Red } for 5 Time expect 1
run { some t1, t2: Time | t1 in t2.prevs and NS.colour[t1] = Amber and EW.colour[t2] = Green } for 6 Time expect 1
run { all t: Time | NS.colour[t] = Red and EW.colour[t] = Red } for 4 Time expect 1
