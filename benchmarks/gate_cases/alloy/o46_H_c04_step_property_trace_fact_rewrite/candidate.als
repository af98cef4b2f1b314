-- Print spooler in the classic state-as-atom style (util/ordering over states).
-- Jobs are submitted, printed, or cancelled while they wait.
-- Intent: cancelling only withdraws a waiting job; once printed, a job stays printed.
open util/ordering[State]

sig Job {}
sig State { pending: set Job, done: set Job }

pred submit[s, s2: State, j: Job] {
  j not in s.pending + s.done
  s2.pending = s.pending + j
  s2.done = s.done
}

pred printJob[s, s2: State, j: Job] {
  j in s.pending
  s2.pending = s.pending - j
  s2.done = s.done + j
}

pred cancel[s, s2: State, j: Job] {
  s2.pending = s.pending - j
  s2.done = s.done - j
}

pred skip[s, s2: State] {
  s2.pending = s.pending
  s2.done = s.done
}

fact Spool {
  no first.pending
  no first.done
  all s: State | s = last or (let s2 = s.next | no s.done - s2.done and (skip[s, s2] or
    (some j: Job | submit[s, s2, j] or printJob[s, s2, j] or cancel[s, s2, j])))
}

assert DoneStays { all s: State - last | s.done in s.next.done }

check DoneStays for 3 but 6 State
