sig A { f: set A }
sig B extends this/A {} { #this.@f < 3 }
assert LoneB { all b: B | lone b.f }
check LoneB for 3
