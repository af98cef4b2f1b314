-- Airport gate: passengers check in (and may cancel); a passenger may board only after checking in.
sig Passenger {}
var sig CheckedIn in Passenger {}
var sig Boarded in Passenger {}

pred checkIn[p: Passenger] {
  p !in CheckedIn + Boarded
  CheckedIn' = CheckedIn + p
  Boarded' = Boarded
}

pred cancel[p: Passenger] {
  p in CheckedIn
  CheckedIn' = CheckedIn - p
  Boarded' = Boarded
}

pred board[p: Passenger] {
  p !in Boarded
  Boarded' = Boarded + p
  CheckedIn' = CheckedIn - p
}

pred wait { CheckedIn' = CheckedIn  Boarded' = Boarded }

fact Empty { no CheckedIn  no Boarded }
fact Events { always (wait or some p: Passenger | checkIn[p] or cancel[p] or board[p]) }

assert BoardedWereCheckedIn { always all p: Passenger | p in Boarded implies once p in CheckedIn }
assert NoDeboarding { always Boarded in Boarded' }
check BoardedWereCheckedIn for 3 but 8 steps
check NoDeboarding for 3 but 8 steps
