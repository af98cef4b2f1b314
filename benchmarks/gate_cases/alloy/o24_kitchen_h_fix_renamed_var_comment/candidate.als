// A restaurant: diners order dishes; the kitchen only serves what is safe for them.
sig Ingredient {}
sig Dish { ingredients: some Ingredient }
sig Diner {
  allergies: set Ingredient,
  orders: set Dish,
  served: set Dish
}

// the kitchen serves exactly the ordered dishes that contain none of the diner's allergens
// (fixed: the old comprehension kept the dishes made *only* of allergens)
fact Serving {
  all dn: Diner | dn.served = { dish: dn.orders | no dish.ingredients & dn.allergies }
}

fact MenuVariety { all disj x, y: Dish | x.ingredients != y.ingredients }

assert NothingUnsafeServed {
  all d: Diner | no d.served.ingredients & d.allergies
}
assert OnlyOrdered { all d: Diner | d.served in d.orders }

check NothingUnsafeServed for 4
check OnlyOrdered for 4
run SomeoneEats { some d: Diner | some d.allergies and some d.served } for 4 expect 1
