check { always ordered in ordered' } for 3 but 7 steps expect 0
check { always all c: Customer | checkout[c] implies (c.ordered' = c.ordered + c.cart and no c.cart') } for 3 but 7 steps expect 0
run { some c: Customer | eventually (#c.cart = 1 and some Product - c.cart and no c.ordered and after some c.ordered) } for 3 but 6 steps expect 1
run { some disj c, d: Customer | eventually (some c.ordered and some d.ordered) } for 3 but 8 steps expect 1
run { some c: Customer | eventually (some c.ordered and after some c.cart) } for 3 but 7 steps expect 1
