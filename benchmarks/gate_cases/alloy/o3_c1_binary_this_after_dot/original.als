sig Y {}
sig A { f: Y -> Y } { Y.f in Y }
sig B { f: set Y }
assert NoLoop { all a: A | no y: Y | y->y in a.f }
check NoLoop for 3
