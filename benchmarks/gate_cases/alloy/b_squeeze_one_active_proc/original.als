// Processes entering a critical section, Alloy 6 (written for fmrepair's gate cases).
enum Phase { Idle, Trying, Critical }
sig Proc { var phase: one Phase }

pred others[p: Proc] { all q: Proc - p | q.phase' = q.phase }
pred request[p: Proc] { p.phase = Idle and p.phase' = Trying and others[p] }
pred enter[p: Proc] { p.phase = Trying and p.phase' = Critical and others[p] }
pred leave[p: Proc] { p.phase = Critical and p.phase' = Idle and others[p] }
pred idle { phase' = phase }

fact Init { all p: Proc | p.phase = Idle }
// faulty: a process may enter while another one is critical
fact Steps { always (idle or some p: Proc | request[p] or enter[p] or leave[p]) }

assert Mutex { always lone phase.Critical }
check Mutex for 3 but 10 steps expect 0
run { eventually some phase.Trying } for 3 but 10 steps
