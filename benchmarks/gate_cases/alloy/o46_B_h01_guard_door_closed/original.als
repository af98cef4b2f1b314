-- Elevator controller: one car moves between floors and opens/closes its door.
-- Intent: the car never leaves a floor while its door is open.
abstract sig DoorState {}
one sig Open, Closed extends DoorState {}
sig Floor {}

one sig Car {
  var at: one Floor,
  var door: one DoorState
}

pred openDoor {
  Car.door = Closed
  door' = Car -> Open
  at' = at
}

pred closeDoor {
  Car.door = Open
  door' = Car -> Closed
  at' = at
}

pred move[f: Floor] {
  f != Car.at
  at' = Car -> f
  door' = door
}

pred wait { at' = at and door' = door }

fact Behaviour {
  Car.door = Closed
  always (wait or openDoor or closeDoor or some f: Floor | move[f])
}

assert NoMoveWhileOpen { always (Car.door = Open implies Car.at' = Car.at) }

check NoMoveWhileOpen for 3 but 8 steps
