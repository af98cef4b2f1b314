// Bill of materials: assemblies contain sub-parts; no part may (transitively) contain itself.
sig Supplier {}
sig Part {
  contains: set Part,
  madeBy: one Supplier
}

fact NoSelfContainment { no p: Part | p in p.contains }
fact SingleSource { all p: Part | p.contains.madeBy in p.madeBy }

assert WellFounded { all p: Part | p not in p.^contains }
assert SameSupplierBelow { all p: Part | p.^contains.madeBy in p.madeBy }
check WellFounded for 4
check SameSupplierBelow for 4
run Deep { some p: Part | some p.contains.contains } for 4 expect 1
