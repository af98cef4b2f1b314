sig D {}
sig C { f: set D }
one sig A { f: set D } { #f < 4 and #(C <: f) <= 2 and (all c: C | #(c <: f) <= 1) }
assert LoneCF { all c: C | lone c.f }
check LoneCF for 3
run {} for 3
