sig Job {}
var sig Queued, Printed in Job {}

fact { no Queued and no Printed }

pred submit[j: Job] { j not in Queued + Printed and Queued' = Queued + j and Printed' = Printed }
pred print[j: Job]  { j in Queued and Queued' = Queued - j and Printed' = Printed + j }
-- the spooler holds up to 3 jobs; only a fourth job makes it discard one
pred overflow[j: Job] { j in Queued and #Queued > 3 and Queued' = Queued - j and Printed' = Printed }
pred idle { Queued' = Queued and Printed' = Printed }

fact { always (idle or some j: Job | submit[j] or print[j] or overflow[j]) }

-- with at most three jobs, a queued job leaves the queue only by being printed
assert NoLossSmall { always all j: Job | j in Queued implies after (j in Queued + Printed) }
check NoLossSmall for 3 but 6 steps
