abstract sig DoorState {}
one sig Open, Closed extends DoorState {}
sig Floor {}
one sig Elevator {
  var at: one Floor,
  var door: one DoorState,
  var calls: set Floor
}

pred call[f: Floor] {
  f != Elevator.at
  Elevator.calls' = Elevator.calls + f
  Elevator.at' = Elevator.at
  Elevator.door' = Elevator.door
}

pred move[f: Floor] {
  f != Elevator.at
  Elevator.at' = f
  Elevator.door' = Elevator.door
  Elevator.calls' = Elevator.calls
}

pred openDoor {
  Elevator.door = Closed
  Elevator.door' = Open
  Elevator.calls' = Elevator.calls - Elevator.at
  Elevator.at' = Elevator.at
}

pred closeDoor {
  Elevator.door = Open
  Elevator.door' = Closed
  Elevator.calls' = Elevator.calls
  Elevator.at' = Elevator.at
}

pred idle { at' = at and door' = door and calls' = calls }

fact init { Elevator.door = Closed and no Elevator.calls }

fact trans {
  always (idle or openDoor or closeDoor or (some f: Floor | call[f] or move[f]))
}

assert NoMoveOpen { always (Elevator.door = Open implies Elevator.at' = Elevator.at) }
assert OpenServed { always (Elevator.door = Open implies Elevator.at not in Elevator.calls) }

check NoMoveOpen for 3 but 8 steps
check OpenServed for 3 but 8 steps
run serveCall { some f: Floor | eventually (f in Elevator.calls and eventually (Elevator.at = f and Elevator.door = Open)) } for 3 but 8 steps
run travel { some disj f, g: Floor | Elevator.at = f and eventually Elevator.at = g } for 3 but 8 steps
