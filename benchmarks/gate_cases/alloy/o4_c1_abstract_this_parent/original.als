sig A { f: lone A }
sig B extends this/A {}
assert P { all a: A - B | no a.f }
check P for 3
