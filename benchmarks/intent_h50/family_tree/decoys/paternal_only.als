// Family tree (static model).
// Everybody has at most one mother and at most one father; nobody is their
// own ancestor. Siblings are the other children of one's parents
// (half-siblings count).

abstract sig Person {
  parents: set Person,
  children: set Person
}
sig Man, Woman extends Person {}

fact Links {
  children = ~parents
}

fact AtMostTwoParents {
  all p: Person | lone (p.parents & Man) and lone (p.parents & Woman)
}

fact NoTimeTravel {
  no p: Person | p in p.^parents
}

fun ancestors[p: Person]: set Person {
  p.^parents
}

fun siblings[p: Person]: set Person {
  (p.parents & Man).children - p
}

assert SiblingsShareAParent {
  all p, q: Person | q in siblings[p] implies some p.parents & q.parents
}

assert NotOwnSibling {
  all p: Person | p not in siblings[p]
}

check SiblingsShareAParent for 4
check NotOwnSibling for 4
run Family { some p: Person | some siblings[p] } for 4
