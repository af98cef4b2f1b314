check { always all k: Car | lone rented.k } for 3 but 7 steps expect 0
run { some disj c, d: Customer | eventually (some c.rented and some d.rented) } for 3 but 6 steps expect 1
run { some c: Customer | eventually #c.rented = 2 } for 3 but 6 steps expect 1
run { some c: Customer, k: Car | eventually (k in Damaged and eventually k in c.rented) } for 3 but 8 steps expect 1
check { always all c: Customer, k: c.rented | k not in c.rented' implies giveBack[c, k] } for 3 but 7 steps expect 0
