// Family tree: people, their parents and derived siblings.
abstract sig Person { parents: set Person, siblings: set Person }
sig Man, Woman extends Person {}

fact Biology { all p: Person | lone p.parents & Man and lone p.parents & Woman }
fact NoTimeTravel { no p: Person | p in p.^parents }
// siblings share a parent
fact Siblings { all p: Person | p.siblings = parents.(p.parents) }

assert NotOwnSibling { all p: Person | p not in p.siblings }
assert SiblingsSymmetric { siblings = ~siblings }
check NotOwnSibling for 5
check SiblingsSymmetric for 5

pred bigFamily { some p: Person | #p.siblings >= 2 and some p.parents.parents }
run bigFamily for 5 expect 1
