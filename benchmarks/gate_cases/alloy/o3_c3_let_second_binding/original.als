sig A { f: set A } { f in A }
sig B { f: set A }
assert NoSelf { all a: A | a not in a.f }
check NoSelf for 3
