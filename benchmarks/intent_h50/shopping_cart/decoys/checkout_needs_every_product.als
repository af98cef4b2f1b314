// Online shop with shopping carts (Alloy 6).
// Customers put products in their cart and remove them again; checking out
// orders exactly what is in the cart and empties it. When a product sells
// out it disappears from every cart.

sig Product {}

sig Customer {
  var cart: set Product,
  var ordered: set Product
}

var sig SoldOut in Product {}

pred add[c: Customer, p: Product] {
  p not in SoldOut
  p not in c.cart
  cart' = cart + c -> p
  ordered' = ordered
  SoldOut' = SoldOut
}

pred remove[c: Customer, p: Product] {
  p in c.cart
  cart' = cart - c -> p
  ordered' = ordered
  SoldOut' = SoldOut
}

pred checkout[c: Customer] {
  Product = c.cart
  ordered' = ordered + c -> Product
  cart' = cart - c -> Product
  SoldOut' = SoldOut
}

pred sellOut[p: Product] {
  p not in SoldOut
  SoldOut' = SoldOut + p
  cart' = cart - Customer -> p
  ordered' = ordered
}

pred skip {
  cart' = cart
  ordered' = ordered
  SoldOut' = SoldOut
}

fact Init {
  no cart
  no ordered
  no SoldOut
}

fact Transitions {
  always (skip or (some p: Product | sellOut[p]) or
          (some c: Customer | checkout[c] or some p: Product | add[c, p] or remove[c, p]))
}

// a customer only gets what was in their cart
assert OrderFromCart {
  always all c: Customer | c.ordered' - c.ordered in c.cart
}

assert NothingSoldOutInCarts {
  always no Customer.cart & SoldOut
}

check OrderFromCart for 3 but 6 steps
check NothingSoldOutInCarts for 3 but 6 steps
run Shopping { eventually some ordered } for 3 but 5 steps
