sig C { f: set C }
sig A { f: set C } { let C = iden & C->C | #C.f < 2 and (some C.f implies not one A) }
fact NoCF { all c: C | no c.f }
assert LoneF { all a: A | lone a.f }
check LoneF for 3
run {} for 3
