sig E { e: set E }
sig B { h: set B }
sig A { k: set B }
fun h: E -> E { e }
fact NoLoops { all x: B | x not in x.h }
assert Acyclic { all x: B | x not in x.^h }
check Acyclic for 3
