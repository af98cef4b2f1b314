module gitbranches

sig Commit { parent: set Commit }

sig Branch { head: one Commit }

fun history[c: Commit]: set Commit { c.^parent }

fact NoSelfParent { no c: Commit | c in c.parent + c.parent.parent + c.parent.parent.parent + c.parent.parent.parent.parent }

fact SingleRoot { one c: Commit | no c.parent }

fact AtMostTwoParents { all c: Commit | #c.parent <= 2 }

assert Acyclic { no c: Commit | c in history[c] }
check Acyclic for 4

assert RootReachable { all b: Branch | some r: Commit | no r.parent and r in b.head.*parent }
check RootReachable for 4

run Merge { some c: Commit | #c.parent = 2 } for 4 expect 1
