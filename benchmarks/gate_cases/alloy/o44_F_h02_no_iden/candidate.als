-- File system tree (static model).
-- Intent: every object except the root sits in exactly one directory, and
-- the containment hierarchy has no cycles, so every object hangs below Root.
abstract sig Obj { parent: lone Dir }
sig File extends Obj {}
sig Dir extends Obj {}
one sig Root extends Dir {}

fact RootTop { no Root.parent }
fact OneParent { all o: Obj - Root | one o.parent }
-- no directory may contain itself
fact NoSelf { no iden & ^parent }

fun contents[d: Dir]: set Obj { parent.d }

assert ReachableFromRoot { all o: Obj - Root | Root in o.^parent }
check ReachableFromRoot for 5

assert FilesAreLeaves { all f: File | no parent.f }
check FilesAreLeaves for 5

run Deep { some f: File | #f.^parent > 2 } for 5
