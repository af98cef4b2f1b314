sig A { f: set A }
sig B extends this/A {} { #this.@f < 3 }
assert P { all b: B | b not in b.f }
check P for 3
