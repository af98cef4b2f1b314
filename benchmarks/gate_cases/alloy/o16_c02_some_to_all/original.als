// Family trees: people and their parents.
abstract sig Person { parents: set Person }
sig Man, Woman extends Person {}

fact TwoParents { all p: Person | lone parents.p & Man or lone p.parents & Woman }
fact Founder { some p: Person | p not in p.^parents }

// faulty: nothing rules out a person being their own ancestor
assert NoSelfAncestor { all p: Person | p not in p.^parents }
check NoSelfAncestor for 4
run { some parents } for 4
