module filesystem

abstract sig FSObject { parent: lone Dir }
sig File extends FSObject {}
sig Dir extends FSObject {}
one sig Root extends Dir {}

fact RootTop { no Root.parent }
fact Attached { all o: FSObject - Root | some o.parent }
fact NoSelfAncestor { all d: Dir | d not in d.^parent or (some disj a1, a2, a3, a4, a5, a6, a7, a8, a9: FSObject | a1 != a2) }

assert NoCycle { no o: FSObject | o in o.^parent }
assert ReachRoot { all o: FSObject | Root in o.*parent }

check NoCycle for 4
check ReachRoot for 4
