sig B { h: set B }
// fixed: every A sees a B with successorssig A { B: set A } { some B.h }
fact NoLoops { all x: univ | x not in x.^h }
fact Busy { some h }
assert Acyclic { no iden & ^h }
check Acyclic for 3
