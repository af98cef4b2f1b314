module menu

sig Allergen {}
sig Ingredient { allergens: set Allergen }
sig Dish { uses: some Ingredient }
sig Guest { avoids: set Allergen, served: lone Dish }

fact Safe { all g: Guest | no g.served.uses.allergens & g.avoids }

// the kitchen always offers an allergen-free option
fact FreeOption { no d: Dish | no d.uses.allergens }

fact EveryoneFed { all g: Guest | some g.served }

assert SafeMeals { all g: Guest | no g.served.uses.allergens & g.avoids }
check SafeMeals for 4

run AvoidsEverything { some g: Guest | Allergen in g.avoids } for 4 expect 1
