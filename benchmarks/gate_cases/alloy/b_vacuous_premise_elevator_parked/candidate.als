// An elevator, Alloy 6 (written for fmrepair's gate cases).
sig Floor {}
enum Door { Open, Closed }
one sig Elevator { var at: one Floor, var door: one Door }

pred openDoor { Elevator.door = Closed and Elevator.door' = Open and Elevator.at' = Elevator.at }
pred closeDoor { Elevator.door = Open and Elevator.door' = Closed and Elevator.at' = Elevator.at }
pred move[f: Floor] { f != Elevator.at and Elevator.at' = f and Elevator.door' = Elevator.door }
pred stay { Elevator.at' = Elevator.at and Elevator.door' = Elevator.door }

fact Init { Elevator.door = Closed }
// faulty: the elevator may move with its door open
fact Steps { always (stay or openDoor or closeDoor or some f: Floor | move[f]) }
fact Parked { always Elevator.at' = Elevator.at }

assert ClosedWhileMoving { always (Elevator.at' != Elevator.at implies Elevator.door = Closed) }
check ClosedWhileMoving for 3 but 8 steps expect 0
run { eventually Elevator.door = Open } for 3 but 8 steps
