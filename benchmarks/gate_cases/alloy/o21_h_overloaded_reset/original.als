sig Counter { var val: one Int }
sig Log { var entries: set Counter }

fact { all c: Counter | c.val = 0 }
fact { no entries }

pred reset[c: Counter] { c.val' = 0 and entries' = entries and all d: Counter - c | d.val' = d.val }
pred reset[l: Log] { no l.entries' and val' = val and all m: Log - l | m.entries' = m.entries }
pred bump[c: Counter] { c.val < 2 and c.val' = c.val.plus[1] and entries' = entries and all d: Counter - c | d.val' = d.val }
pred record[l: Log, c: Counter] { entries' = entries + l->c and c.val' = c.val.minus[1] and (all d: Counter - c | d.val' = d.val) }

fact { always ((val' = val and entries' = entries) or some c: Counter, l: Log | reset[c] or reset[l] or bump[c] or record[l, c]) }

assert Bounded { always all c: Counter | c.val >= 0 and c.val <= 2 }
check Bounded for 3 but 4 Int, 6 steps
