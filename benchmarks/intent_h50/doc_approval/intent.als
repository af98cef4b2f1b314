check { always all d: Document | (d not in Published and d in Published') implies d in Approved } for 3 but 7 steps expect 0
check { always Published in Published' } for 3 but 7 steps expect 0
run { some d: Document | eventually (d in Approved and after (d not in Approved + Published + Submitted)) } for 3 but 6 steps expect 1
run { some d: Document | eventually (d in Approved and after (d not in Approved and eventually d in Published)) } for 3 but 8 steps expect 1
run { some disj d, e: Document | eventually (e in Submitted and d in Approved and after d in Published) } for 3 but 6 steps expect 1
check { always all d: Document | revise[d] implies Published' = Published } for 3 but 7 steps expect 0
