module warehouse

sig Item {}
var sig Stock in Item {}
var sig Shipped in Item {}

pred receive[i: Item] {
  i not in Stock + Shipped
  Stock' = Stock + i
  Shipped' = Shipped
}

pred ship[i: Item] {
  i in Stock
  Shipped' = Shipped + i
  #Shipped < 2 implies Stock' = Stock - i else Stock' = Stock
}

pred idle {
  Stock' = Stock
  Shipped' = Shipped
}

fact Init { no Stock and no Shipped }

fact Trans { always (idle or some i: Item | receive[i] or ship[i]) }

assert Disjoint { always no Stock & Shipped }
check Disjoint for 3 but 6 steps

run CanShip { eventually some Shipped } for 3 but 6 steps expect 1
