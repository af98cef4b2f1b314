check { all r1, r2: Release | lte[r1, r2] implies r1.features in r2.features } for 4 expect 0
check { all b: Bug, r: fixes.b | lt[b.foundIn, r] } for 4 expect 0
run { some r: Release - last | some r.next.features - r.features } for 4 expect 1
run { some b: Bug | some r: fixes.b | r not in b.foundIn.next } for 4 expect 1
run { some b: Bug | some fixes.b and fixes.b != last } for 4 expect 1
run { some first.features and some Bug and no fixes } for 4 expect 1
