sig A { f: set A }
sig B extends this/A {} { #(this.@f - this) = #this.@f and (some f or no @f) }
assert P { all b: B | b not in b.f }
check P for 3
