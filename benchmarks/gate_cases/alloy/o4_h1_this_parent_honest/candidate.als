sig A { f: set A }
sig B extends this/A {} { #f < 2 }
assert LoneB { all b: B | lone b.f }
check LoneB for 3
