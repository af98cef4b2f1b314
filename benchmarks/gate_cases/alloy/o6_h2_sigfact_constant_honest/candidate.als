// Rooms with beds; the hostel allows at most two beds per room.
sig Bed {}
sig Room { beds: set Bed } { #beds <= 2 }
fact OwnBeds { all b: Bed | lone beds.b }

assert TwoBeds { all r: Room | #r.beds <= 2 }
check TwoBeds for 4
run { some beds } for 4
