// A bill of materials (written for fmrepair's gate cases).
sig Part { uses: set Part }
one sig Product extends Part {}

fact NoCycles { no p: Part | p in p.^uses }
fact AllUsed { Part in Product.*uses }
fact Flat { #Part > 2 implies no p: Part - Product | some p.uses }

// faulty: a part may be used by two different assemblies
assert Unshared { all p: Part | lone uses.p }
check Unshared for 4 expect 0
run { some uses } for 2
