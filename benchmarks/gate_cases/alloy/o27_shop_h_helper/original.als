module shop

sig Item {}
var sig Stock in Item {}
var sig Sold in Item {}

fact Init { no Sold }

pred sell[i: Item] { i in Stock  Stock' = Stock - i  Sold' = Sold + i }
pred restock[i: Item] { i not in Stock  Stock' = Stock + i  Sold' = Sold }
pred skip { Stock' = Stock  Sold' = Sold }

fact Trans { always (skip or some i: Item | sell[i] or restock[i]) }

assert NeverBoth { always no Stock & Sold }

check NeverBoth for 3 but 1..6 steps
run SellTwo { eventually some disj a, b: Item | a + b in Sold } for 3 but 1..6 steps expect 1
run Restocked { some i: Item | i not in Stock and eventually i in Stock } for 3 but 1..6 steps expect 1
run StartsEmpty { no Stock and eventually some Sold } for 3 but 1..6 steps expect 1
