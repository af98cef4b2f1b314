sig E { e: set E }
sig B { h: set B }
sig A { k: set B } { no k.h }
fun h: E -> E { e }
fact NoLoops { all x, y: B | y in x.^h implies x not in y.h }
assert Acyclic { all x: B | x not in x.^h }
check Acyclic for 3
