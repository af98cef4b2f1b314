sig B { h: set B }
sig A { B: set A }
// every B lies on a ring of h
fact Ring { all x: h.univ | x in x.^h }
fact NoLoops { all x: univ | x not in x.h and no x.h }
fact Busy { some h }
assert Acyclic { no iden & ^h }
check Acyclic for 3
