sig C { f: set C }
sig A { f: set C, g: seq C } { #g.f < 1 }
assert Disjoint { all a: A | no a.g.elems & a.f }
check Disjoint for 3
run {} for 3
