sig D {}
sig C { f: set D }
one sig A { f: set D } { #f < 3 }
assert LoneCF { all c: C | lone c.f }
check LoneCF for 3
run {} for 3
