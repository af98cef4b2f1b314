sig Y {}
sig A { f: set Y }
sig B { f: Y -> Y }
sig C { f: set Y }
sig M in A + B {} { no Y.f & this.@f.Y }
assert NoLoop { all m: M | no y: Y | y->y in m.(B <: f) }
check NoLoop for 3
