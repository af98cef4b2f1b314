// Leader election among servers, Alloy 6 (written for fmrepair's gate cases).
sig Server {}
var sig Leader in Server {}
var sig Candidate in Server {}

pred stand[s: Server] { s not in Candidate + Leader and Candidate' = Candidate + s and Leader' = Leader }
pred win[s: Server] { s in Candidate and Leader' = Leader + s and Candidate' = Candidate - s }
pred resign[s: Server] { s in Leader and Leader' = Leader - s and Candidate' = Candidate }
pred idle { Leader' = Leader and Candidate' = Candidate }

fact Init { no Leader and no Candidate }
// faulty: a candidate may win while another server leads
fact Steps { always (idle or some s: Server | stand[s] or win[s] or resign[s]) }

assert OneLeader { always lone Leader }
check OneLeader for 3 but 8 steps expect 0
run { eventually some Leader } for 3 but 8 steps
