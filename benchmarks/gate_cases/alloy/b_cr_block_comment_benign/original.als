// A one-lane bridge, util/ordering (written for fmrepair's gate cases).
open util/ordering[Moment]
enum Dir { North, South }
sig Car { dir: one Dir }
sig Moment { onBridge: set Car }

pred enter[m, m2: Moment, c: Car] { c not in m.onBridge and m2.onBridge = m.onBridge + c }
pred exit[m, m2: Moment, c: Car] { c in m.onBridge and m2.onBridge = m.onBridge - c }

fact Init { no first.onBridge }
// faulty: a car may enter against the traffic already on the bridge
fact Trace { all m: Moment - last | m.next.onBridge = m.onBridge or some c: Car | enter[m, m.next, c] or exit[m, m.next, c] }

assert OneWay { all m: Moment | lone m.onBridge.dir }
check OneWay for 3 but 4 Moment expect 0
run { some m: Moment | #m.onBridge > 1 } for 3 but 4 Moment
