// Warehouse: items are received into stock, reserved for orders, shipped with their
// order, or sold over the counter.
sig Order {}
sig Item {
  var reservedFor: lone Order
}
var sig Stock in Item {}

fact Init { no Stock and no reservedFor }

pred receive[i: Item] {
  i not in Stock
  Stock' = Stock + i
  reservedFor' = reservedFor
}

pred reserve[i: Item, o: Order] {
  i in Stock
  no i.reservedFor
  reservedFor' = reservedFor + i -> o
  Stock' = Stock
}

pred cancel[o: Order] {
  some reservedFor.o
  reservedFor' = reservedFor - Item -> o
  Stock' = Stock
}

pred ship[o: Order] {
  some reservedFor.o
  Stock' = Stock - reservedFor.o
  reservedFor' = reservedFor - Item -> o
}

pred counterSale[i: Item] {
  i in Stock
  Stock' = Stock - i
  reservedFor' = reservedFor
}

pred nop { Stock' = Stock and reservedFor' = reservedFor }

fact Trans {
  always (nop or (some i: Item | receive[i] or counterSale[i] or (some o: Order | reserve[i, o]))
              or (some o: Order | cancel[o] or ship[o]))
}

assert ReservedInStock { always all i: Item | some i.reservedFor implies i in Stock }

check ReservedInStock for 3 but 8 steps
run Shipped { some o: Order | eventually (some reservedFor.o and after no reservedFor.o) } for 3 but 8 steps
run Sold { some i: Item | eventually (i in Stock and after i not in Stock) } for 3 but 8 steps
run Busy { eventually (some reservedFor and some Stock - reservedFor.Order) } for 3 but 8 steps
