// A token passed between processes; it can be dropped and picked up again.
sig Proc {}
one var sig Holder in Proc {}

fact Init { one Holder }

pred handover[p, q: Proc] { Holder = p and Holder' = q }
pred drop { some Holder and no Holder' }
pred grab[q: Proc] { no Holder and Holder' = q }
// faulty: joining adds a holder without taking the token from the old one
pred join[q: Proc] { some Holder and Holder' = Holder + q }
pred skip { Holder' = Holder }

fact Steps { always (skip or drop or some p, q: Proc | handover[p, q] or grab[q] or join[q]) }

assert OneToken { always lone Holder }
check OneToken for 3 but 6 steps
run { eventually some Holder } for 3 but 6 steps
