// Parking: cars park in spots; reserved spots are for cars with a permit.
sig Permit {}
sig Car { permit: lone Permit }
sig Spot { holds: lone Car }
sig Reserved in Spot {}

// a car is in at most one spot
fact OneSpot { all c: Car | lone holds.c }
// a reserved spot only holds a car with a permit
pred permitted[s: Spot] { some s.holds implies some s.holds.permit }
fact ReservedRule { all s: Reserved | permitted[s] }

pred misparked { some s: Reserved | some s.holds and no s.holds.permit }
pred busyLot { #Spot.holds >= 2 and some Reserved.holds }

run misparked for 3 expect 0
run busyLot for 3 expect 1
