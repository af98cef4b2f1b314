module fs

abstract sig Obj { parent: lone Dir }
sig File extends Obj {}
sig Dir extends Obj { contents: set Obj - Root }
one sig Root extends Dir {}

fact Parent { all o: Obj, d: Dir | o in d.contents iff o.parent = d }

fact Reachable { Obj in Root.*contents }

assert NoOwnAncestor { no d: Dir | d in d.^contents }

check NoOwnAncestor for 4
run Nested { some d: Dir - Root | some d.contents & Dir } for 4 expect 1
run Files { some f: File | f.parent != Root } for 4 expect 1
