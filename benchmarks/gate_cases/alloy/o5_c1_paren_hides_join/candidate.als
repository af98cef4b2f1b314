sig B { g: set B }
sig A { f: set A } { no (f).g }
sig C { f: set B }
fact NoLoops { all b: B | b not in b.^g }
assert Acyclic { no iden & ^g }
check Acyclic for 3
