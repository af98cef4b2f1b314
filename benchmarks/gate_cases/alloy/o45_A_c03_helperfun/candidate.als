module warehouse
-- Items are received into stock, reserved for a customer, then shipped.
-- Intent: a reservation always refers to an item still in stock.
sig Item {}
var sig Stock in Item {}
var sig Reserved in Item {}
var sig Shipped in Item {}

fact Init { no Stock and no Reserved and no Shipped }

pred receive[i: Item] {
  i not in Stock + Shipped
  Stock' = Stock + i
  Reserved' = Reserved
  Shipped' = Shipped
}

pred reserve[i: Item] {
  i in Stock - Reserved
  Reserved' = Reserved + i
  Stock' = Stock
  Shipped' = Shipped
}

-- shipping a reserved item: it leaves stock and its reservation is used up
pred ship[i: Item] {
  i in Reserved
  Stock' = Stock - i
  Shipped' = Shipped + i
  Reserved' = keepStocked[Reserved - i]
}

-- reservations that survive the step
fun keepStocked[s: set Item]: set Item { s & Stock' }

pred idle { Stock' = Stock and Reserved' = Reserved and Shipped' = Shipped }

fact Steps { always (idle or some i: Item | receive[i] or reserve[i] or ship[i]) }

assert ReservedInStock { always Reserved in Stock }
check ReservedInStock for 4 but 8 steps
run Shipping { eventually some Shipped } for 4 but 8 steps
