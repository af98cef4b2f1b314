-- Warehouse stock (Alloy 6).
-- Intent: an item is received into stock once; shipping takes it OUT of
-- stock and records it as shipped; a returned item goes back into stock.
sig Item {}
one sig WH {
  var stock: set Item,
  var shipped: set Item
}

pred receive[i: Item] {
  i not in WH.stock + WH.shipped
  WH.stock' = WH.stock + i
  WH.shipped' = WH.shipped
}

pred ship[i: Item] {
  i in WH.stock
  WH.stock' = WH.stock + i
  WH.shipped' = WH.shipped + i
}

pred giveBack[i: Item] {
  i in WH.shipped
  WH.shipped' = WH.shipped - i
  WH.stock' = WH.stock + i
}

pred idle { WH.stock' = WH.stock and WH.shipped' = WH.shipped }

fact system {
  no WH.stock and no WH.shipped
  always (idle or some i: Item | receive[i] or ship[i] or giveBack[i])
}

-- an item is never both on the shelf and out of the door
assert NotBoth { always no WH.stock & WH.shipped }
check NotBoth for 3 but 8 steps

assert ShippedCameFromStock { always all i: Item | i in WH.shipped implies once i in WH.stock }
check ShippedCameFromStock for 3 but 8 steps

run Busy { eventually (some WH.shipped and some WH.stock) } for 3 but 6 steps
