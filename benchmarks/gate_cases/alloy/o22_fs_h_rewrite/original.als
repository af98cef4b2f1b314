// File system: directories and files in a tree rooted at Root.
abstract sig FSObject { parent: lone Dir }
sig Dir extends FSObject { contents: set FSObject }
sig File extends FSObject {}
one sig Root extends Dir {}

fact ParentContents { contents = ~parent }
fact RootTop { no Root.parent }
fact Attached { all o: FSObject - Root | one o.parent }
fact NoSelfParent { no d: Dir | d = d.parent }

assert NotOwnParent { all o: FSObject | o not in o.parent }
assert Reachable { all o: FSObject | Root in o.*parent }
check NotOwnParent for 5
check Reachable for 5

pred nested { some f: File | f.parent != Root }
run nested for 5 expect 1
