-- Laundromat. Customers put a load of laundry into a washer, start it,
-- it finishes, and they unload it.
-- Intent: a washer holds at most one load at a time; a load is never in two
-- washers; a running washer always has a load in it.
sig Load {}
sig Washer { var holds: set Load }
var sig Running in Washer {}
fact init { no holds and no Running }
pred loadIn[w: Washer, l: Load] {
  w not in Running
  isEmpty[w]
  no holds.l
  holds' = holds + w -> l
  Running' = Running
}
pred isEmpty[w: Washer] { no w.holds }
pred start[w: Washer] {
  w not in Running
  some w.holds
  Running' = Running + w
  holds' = holds
}
pred finish[w: Washer] {
  w in Running
  Running' = Running - w
  holds' = holds
}
pred unload[w: Washer] {
  w not in Running
  some w.holds
  holds' = holds - w -> Load
  Running' = Running
}
pred idle { holds' = holds and Running' = Running }
fact trans {
  always (idle or some w: Washer |
    start[w] or finish[w] or unload[w] or some l: Load | loadIn[w, l])
}
assert OneLoad { always all w: Washer | lone w.holds }
assert NotShared { always all l: Load | lone holds.l }
assert RunningHasLoad { always Running in holds.Load }
check OneLoad for 3 but 8 steps
check NotShared for 3 but 8 steps
check RunningHasLoad for 3 but 8 steps
run Wash { eventually some Running } for 3 but 8 steps
