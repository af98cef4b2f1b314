// Vending machine (Alloy 6).
// Customers insert coins to build up credit. Vending an item uses up the
// inserted coins (they go to the cash box). Credit can be refunded.

sig Coin {}
sig Item {}

var sig Inserted in Coin {}
var sig Cashbox in Coin {}
var sig Stock in Item {}
var sig Sold in Item {}

pred insert[c: Coin] {
  c not in Inserted + Cashbox
  Inserted' = Inserted + c
  Cashbox' = Cashbox
  Stock' = Stock
  Sold' = Sold
}

// hand out an item; the customer must have paid something
pred vend[i: Item] {
  i in Stock
  some Inserted
  no Sold
  Stock' = Stock - i
  Sold' = Sold + i
  Cashbox' = Cashbox + Inserted
  no Inserted'
}

// give the inserted coins back
pred refund {
  some Inserted
  no Inserted'
  Cashbox' = Cashbox
  Stock' = Stock
  Sold' = Sold
}

pred idle {
  Inserted' = Inserted
  Cashbox' = Cashbox
  Stock' = Stock
  Sold' = Sold
}

fact Init {
  no Inserted
  no Cashbox
  no Sold
}

fact Behaviour {
  always (idle or refund or (some c: Coin | insert[c]) or (some i: Item | vend[i]))
}

// nothing leaves the machine without payment
assert NoFreeItems {
  always all i: Item | (i in Stock and i in Sold') implies some Inserted
}

assert CoinsSeparate {
  always no Inserted & Cashbox
}

check NoFreeItems for 3 but 6 steps
check CoinsSeparate for 3 but 6 steps
run Sale { eventually some Sold } for 3 but 5 steps
run SaleThenCredit { eventually (some Sold and some Inserted) } for 3 but 6 steps
