// A stop-and-wait link, util/ordering (written for fmrepair's gate cases).
open util/ordering[Tick]
sig Tick {}
sig Packet {}
one sig Net { chan: Packet -> Tick, acked: Packet -> Tick }

pred send[t, t2: Tick, p: Packet] { p not in Net.acked.t + Net.chan.t and Net.chan.t2 = Net.chan.t + p and Net.acked.t2 = Net.acked.t }
pred deliver[t, t2: Tick, p: Packet] { p in Net.chan.t and Net.chan.t2 = Net.chan.t - p and Net.acked.t2 = Net.acked.t + p }
pred stay[t, t2: Tick] { Net.chan.t2 = Net.chan.t and Net.acked.t2 = Net.acked.t }

fact Init { no Net.chan.first and no Net.acked.first }
// faulty: the sender does not wait for the channel to be empty
fact Trace { all t: Tick - last | stay[t, t.next] or some p: Packet | send[t, t.next, p] or deliver[t, t.next, p] }
fact OnePacket { lone Net.chan.Tick }

assert StopAndWait { all t: Tick | lone Net.chan.t }
check StopAndWait for 3 but 5 Tick expect 0
run { some t: Tick | some Net.acked.t } for 3 but 5 Tick
