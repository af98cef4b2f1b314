sig E { e: set E }
sig B { h: set B }
sig A { k: set B }
fun h: E -> E { e }
fact Quiet { all a: A | no a.k.h }
fact NoLoops { all x, y: B | y in x.^h implies x not in y.h }
assert Acyclic { all x: B | x not in x.^h }
check Acyclic for 3
