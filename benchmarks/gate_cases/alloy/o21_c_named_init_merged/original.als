sig Process {}
var sig Waiting, Crit in Process {}

fact Init { no Crit and no Waiting }

pred request[p: Process] { p not in Waiting + Crit and Waiting' = Waiting + p and Crit' = Crit }
pred enter[p: Process]   { p in Waiting and Waiting' = Waiting - p and Crit' = Crit + p }
pred leave[p: Process]   { p in Crit and Crit' = Crit - p and Waiting' = Waiting }
pred idle { Waiting' = Waiting and Crit' = Crit }

fact { always (idle or some p: Process | request[p] or enter[p] or leave[p]) }

assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
