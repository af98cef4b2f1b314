check { always all i: Item | (i not in Sold and i in Sold') implies some Inserted } for 3 but 7 steps expect 0
check { always (Cashbox in Cashbox' and Sold in Sold') } for 3 but 7 steps expect 0
run { some i: Item | eventually (#Inserted = 2 and i in Stock and after i in Sold) } for 3 but 6 steps expect 1
run { eventually #Sold = 2 } for 3 but 8 steps expect 1
run { eventually (some Inserted and after (no Inserted and no Cashbox)) } for 3 but 6 steps expect 1
run { eventually (some Sold and some Stock and after some Inserted) } for 3 but 7 steps expect 1
