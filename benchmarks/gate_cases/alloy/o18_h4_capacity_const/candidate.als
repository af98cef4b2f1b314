sig Car {}
var sig Parked in Car {}
fact Init { no Parked }
fact Capacity { always #Parked <= 2 }
fact Trans { always (Parked' = Parked or (some c: Car - Parked | Parked' = Parked + c) or (some c: Parked | Parked' = Parked - c)) }
assert FitsTwoSpaces { always #Parked <= 2 }
check FitsTwoSpaces for 4 but 6 steps
