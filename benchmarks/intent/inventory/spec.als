// Warehouse inventory (Alloy 6). Items are restocked as available, reserved
// for an order, then shipped; a reservation may be cancelled.

sig Item {}

var sig Available in Item {}
var sig Reserved in Item {}
var sig Shipped in Item {}

pred restock[i: Item] {
  i not in Available + Reserved + Shipped
  Available' = Available + i
  Reserved' = Reserved
  Shipped' = Shipped
}

pred reserve[i: Item] {
  i in Available
  Available' = Available - i
  Reserved' = Reserved + i
  Shipped' = Shipped
}

pred ship[i: Item] {
  i in Available
  Reserved' = Reserved - i
  Shipped' = Shipped + i
  Available' = Available
}

pred cancel[i: Item] {
  i in Reserved
  Reserved' = Reserved - i
  Available' = Available + i
  Shipped' = Shipped
}

pred nop {
  Available' = Available
  Reserved' = Reserved
  Shipped' = Shipped
}

fact Init {
  no Reserved
  no Shipped
}

fact Traces {
  always (nop or some i: Item | restock[i] or reserve[i] or ship[i] or cancel[i])
}

assert StatesExclusive {
  always (no Available & Reserved and no Available & Shipped and no Reserved & Shipped)
}

assert ShipOnlyReserved {
  always all i: Item | (i not in Shipped and i in Shipped') implies i in Reserved
}

check StatesExclusive for 3 but 6 steps
check ShipOnlyReserved for 3 but 6 steps
run Flow { eventually some Shipped } for 3 but 5 steps
