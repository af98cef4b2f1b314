sig Process {}
var sig Waiting, Crit in Process {}

fact { no Waiting and no Crit }

pred noChange { Crit' = Crit and Waiting' = Waiting }

pred request[p: Process] { p not in Waiting + Crit and Waiting' = Waiting + p and Crit' = Crit }
pred enter[p: Process]   { p in Waiting and Waiting' = Waiting - p and Crit' = Crit + p }
pred leave[p: Process]   { p in Crit and Crit' = Crit - p and Waiting' = Waiting }
-- a process outside the protocol thinks: nothing changes
pred think[p: Process]   { p not in Waiting + Crit and noChange }

fact { always (noChange and Waiting' = Waiting or some p: Process | request[p] or enter[p] or leave[p] or think[p]) }

assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
