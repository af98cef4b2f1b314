// Concurrent licence seats, Alloy 6 (written for fmrepair's gate cases).
sig User {}
var sig Active in User {}

pred login[u: User] { #Active < 3 and u not in Active and Active' = Active + u }
pred logout[u: User] { u in Active and Active' = Active - u }
pred idle { Active' = Active }

fact Init { no Active }
// faulty: login does not check that one of the 3 seats is free
fact Steps { always (idle or some u: User | login[u] or logout[u]) }

assert Seats { always #Active <= 3 }
check Seats for 3 but 4 User, 6 steps expect 0
run Crowded { eventually #Active = 3 } for 4 but 6 steps
