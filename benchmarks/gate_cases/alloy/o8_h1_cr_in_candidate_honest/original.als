sig B { h: set B }
sig A { B: set A }
fact NoLoops { all x: univ | x not in x.h }
fact Busy { some h }
assert Acyclic { no iden & ^h }
check Acyclic for 3
