sig A { f: set A } { let x = this, A = this -> this.@f.@f | no A.f }
sig B { f: set A }
assert NoSelf { all a: A | a not in a.f }
check NoSelf for 3
