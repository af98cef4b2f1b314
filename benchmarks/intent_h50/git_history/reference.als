// Version control history (static model).
// Commits point to their parent commits (two parents for a merge). Branches
// point to a head commit. The history of a branch is its head together with
// everything reachable from it through parents.

sig Commit {
  parent: set Commit
}

sig Branch {
  head: one Commit
}
one sig Main extends Branch {}

fact NoCycles {
  no c: Commit | c in c.^parent
}

fact AtMostTwoParents {
  all c: Commit | #c.parent <= 2
}

// no dangling commits
fact Reachable {
  Commit in Branch.head.*parent
}

fun history[b: Branch]: set Commit {
  b.head.*parent
}

// b has been merged into main
pred merged[b: Branch] {
  b.head in history[Main]
}

assert HeadInHistory {
  all b: Branch | b.head in history[b]
}

assert MergedIsContained {
  all b: Branch | merged[b] implies history[b] in history[Main]
}

check HeadInHistory for 4
check MergedIsContained for 4
run Feature { some b: Branch | not merged[b] and some history[b] & history[Main] } for 4
