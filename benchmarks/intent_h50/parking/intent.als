check { always all c: Car | lone occupant.c } for 3 but 7 steps expect 0
check { always all c: Car, s: Spot | (c in s.occupant and c in Spot.occupant') implies c in s.occupant' } for 3 but 7 steps expect 0
check { always all c: Car | (c in Paid and c not in Paid') implies c not in Spot.occupant' } for 3 but 7 steps expect 0
run { some disj c, d: Car | eventually (c in Paid and d in Paid) } for 3 but 6 steps expect 1
run { some disj c, d: Car | eventually (c in Paid and d in Spot.occupant - Paid and after d in Paid) } for 3 but 7 steps expect 1
run { some c: Car | eventually (c in Paid and eventually (c not in Spot.occupant and eventually c in Spot.occupant)) } for 3 but 7 steps expect 1
