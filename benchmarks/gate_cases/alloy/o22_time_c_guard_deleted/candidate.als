// A lock over time, Alloy 4 style: explicit time steps, no util/ordering.
sig Time { next: lone Time }
one sig Start extends Time {}
sig Proc {}
one sig Lock { holder: Proc -> Time, waiting: Proc -> Time }

fact Line { no next.Start and all t: Time | Start in t.*~next and t not in t.^next }
fact Init { no Lock.holder.Start and no Lock.waiting.Start }

pred acquire[p: Proc, t, t2: Time] {
  p in Lock.waiting.t
  Lock.holder.t2 = Lock.holder.t + p
  Lock.waiting.t2 = Lock.waiting.t - p
}
pred request[p: Proc, t, t2: Time] {
  p not in Lock.holder.t + Lock.waiting.t
  Lock.waiting.t2 = Lock.waiting.t + p and Lock.holder.t2 = Lock.holder.t
}
pred release[p: Proc, t, t2: Time] {
  p in Lock.holder.t
  Lock.holder.t2 = Lock.holder.t - p and Lock.waiting.t2 = Lock.waiting.t
}
fact Steps { all t: Time, t2: t.next | some p: Proc | acquire[p, t, t2] or request[p, t, t2] or release[p, t, t2] }
// while nobody waits the lock is never shared
fact Quiet { all t: Time | lone Lock.holder.t }

assert Mutex { all t: Time | lone Lock.holder.t }
check Mutex for 3 but 6 Time

pred handover { some t: Time | some Lock.holder.t and some Lock.waiting.t }
run handover for 3 but 6 Time expect 1
