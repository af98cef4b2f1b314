sig D {}
sig E {}
sig A { h: set D } { #(h & D) < 3 }
fun h: set E { E }
assert LoneH { all a: A | lone a.h }
check LoneH for 3
run {} for 3
