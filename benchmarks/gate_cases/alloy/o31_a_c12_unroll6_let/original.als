module filesystem

abstract sig FSObject { parent: lone Dir }
sig File extends FSObject {}
sig Dir extends FSObject {}
one sig Root extends Dir {}

fact RootTop { no Root.parent }
fact Attached { all o: FSObject - Root | some o.parent }
fact NoSelfAncestor { all d: Dir | d not in d.parent }

assert NoCycle { no o: FSObject | o in o.^parent }
assert ReachRoot { all o: FSObject | Root in o.*parent }

check NoCycle for 4
check ReachRoot for 4
