check { all b: Branch | history[b] = b.head.*parent } for 4 expect 0
check { all b: Branch | b.head.parent in history[b] } for 4 expect 0
run { some b: Branch | some Commit - history[b] } for 4 expect 1
run { some b: Branch | #history[b] = 4 } for 4 expect 1
run { some c: Commit | #c.parent = 2 and some b: Branch - Main | c in history[b] and merged[b] } for 4 expect 1
run { some b: Branch - Main | some history[b] - b.head - b.head.parent } for 4 expect 1
