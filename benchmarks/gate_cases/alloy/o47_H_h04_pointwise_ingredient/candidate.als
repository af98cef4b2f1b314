-- Restaurant menu (static). Dishes use ingredients; an ingredient may itself
-- be made of other ingredients (a pesto is made of basil, pine nuts, ...);
-- ingredients may contain allergens. Waiters recommend dishes to guests.
-- Intent: a dish is only recommended to a guest if nothing in it, at any
-- depth, contains an allergen the guest is allergic to.
sig Allergen {}
sig Ingredient {
  parts: set Ingredient,
  contains: set Allergen
}
sig Dish { uses: some Ingredient }
sig Guest {
  allergies: set Allergen,
  recommended: set Dish
}
fact NoCircularRecipes { no i: Ingredient | i in i.^parts }
fact SafeRecommendations {
  all g: Guest, d: g.recommended, i: d.uses.*parts | no i.contains & g.allergies
}
assert NeverUnsafe {
  all g: Guest | no g.recommended.uses.*parts.contains & g.allergies
}
check NeverUnsafe for 4
run Realistic {
  some g: Guest | some g.recommended and some g.allergies and some g.recommended.uses.parts
} for 4
