sig C { f: set C }
sig A { f: set C, g: seq C } { #f < 3 }
fact NoCF { all c: C | no c.f }
assert LoneF { all a: A | lone a.f }
check LoneF for 3
run {} for 3
