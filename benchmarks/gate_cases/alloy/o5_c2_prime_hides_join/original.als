sig B { var g: set B }
sig A { var f: set A }
sig C { var f: set B }
fact NoLoops { always all b: B | b not in b.g }
assert Acyclic { always no iden & ^g }
check Acyclic for 3 but 3 steps
