sig Process {}
var sig Waiting, Crit in Process {}

fact { no Waiting and no Crit }

pred request[p: Process] {
  p not in Waiting + Crit
  Waiting' = Waiting + p
  Crit' = Crit
}

pred enter[p: Process] {
  p in Waiting
  no Crit
  Waiting' = Waiting - p
  Crit' = Crit + p
}

pred leave[p: Process] {
  p in Crit
  Crit' = Crit - p
  Waiting' = Waiting
}

-- watchdog: if two processes are ever critical, one is thrown out
pred forceRelease[p: Process] {
  p in Crit
  some Crit - p
  Crit' = Crit - p
  Waiting' = Waiting
}

pred stutter { Waiting' = Waiting and Crit' = Crit }

fact { always (stutter or some p: Process | request[p] or enter[p] or leave[p] or forceRelease[p]) }

assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
