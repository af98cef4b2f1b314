// Tasks are given to workers; priorities are never negative.
sig Worker {}
sig Task { owner: lone Worker, prio: one Int }

fact Owned { all disj t, u: Task | t.prio >= 0 and u.prio >= 0 }

// faulty: nothing stops one worker from owning two tasks
assert OneTaskEach { all w: Worker | lone owner.w }
check OneTaskEach for 4
run { some owner } for 4
