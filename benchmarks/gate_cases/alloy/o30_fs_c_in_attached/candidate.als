module fs

abstract sig Obj { parent: lone Dir }
sig File extends Obj {}
sig Dir extends Obj {}
one sig Root extends Dir {}

fact RootTop { no Root.parent }
fact Attached { all o: Obj - Root | some o.parent and o not in o.^parent }
fact Shallow { all d: Dir | d.parent = d or d.parent in Dir }

assert Acyclic { no o: Obj | o in o.^parent }
assert Reach { all o: Obj | Root in o.*parent }

check Acyclic for 5
check Reach for 5
run Deep { some f: File | f.parent != Root } for 5
run Flat { some File and some Dir - Root } for 5
