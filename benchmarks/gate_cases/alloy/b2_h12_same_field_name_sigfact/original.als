// Cars and garages both have an owner; a person parks in the garages their cars stand in.
sig Person { parksIn: set Garage }
sig Garage { owner: one Person }
sig Car { owner: one Person, garage: lone Garage }

fact Parking { parksIn = ~owner.garage }

// faulty: a car may stand in a garage of somebody else
assert ParkOnlyInOwnGarages { all p: Person | p.parksIn in owner.p }
check ParkOnlyInOwnGarages for 3
run { some p: Person | some p.parksIn } for 3
