// A single elevator serving floors in order (Alloy 6).
// Calls add requests; the car moves one floor at a time with the door closed,
// opens at a requested floor (serving the request) and closes again.

open util/ordering[Floor]

sig Floor {}

abstract sig Door {}
one sig Opened, Closed extends Door {}

one sig Elevator {
  var current: one Floor,
  var door: one Door,
  var requests: set Floor
}

pred call[f: Floor] {
  f not in Elevator.requests
  Elevator.requests' = Elevator.requests + f
  Elevator.current' = Elevator.current
  Elevator.door' = Elevator.door
}

pred moveUp {
  Elevator.door = Closed
  some Elevator.requests
  Elevator.current != last
  Elevator.current' = Elevator.current.next
  Elevator.door' = Elevator.door
  Elevator.requests' = Elevator.requests
}

pred moveDown {
  Elevator.door = Closed
  some Elevator.requests
  Elevator.current != first
  Elevator.current' = Elevator.current.prev
  Elevator.door' = Elevator.door
  Elevator.requests' = Elevator.requests
}

pred openDoor {
  Elevator.door = Opened
  Elevator.current in Elevator.requests
  Elevator.door' = Opened
  Elevator.requests' = Elevator.requests - Elevator.current
  Elevator.current' = Elevator.current
}

pred closeDoor {
  Elevator.door = Opened
  Elevator.door' = Closed
  Elevator.requests' = Elevator.requests
  Elevator.current' = Elevator.current
}

pred idle {
  Elevator.current' = Elevator.current
  Elevator.door' = Elevator.door
  Elevator.requests' = Elevator.requests
}

fact Init {
  Elevator.current = first
  Elevator.door = Closed
  no Elevator.requests
}

fact Traces {
  always (idle or moveUp or moveDown or openDoor or closeDoor or some f: Floor | call[f])
}

assert NeverMovesWithDoorOpen {
  always (Elevator.current' != Elevator.current implies Elevator.door = Closed)
}

assert OneFloorAtATime {
  always (Elevator.current' in Elevator.current + Elevator.current.next + Elevator.current.prev)
}

check NeverMovesWithDoorOpen for 3 but 8 steps
check OneFloorAtATime for 3 but 8 steps
run ServeTop { eventually Elevator.current = last } for 3 but 6 steps
run BackDown { eventually (Elevator.current = last and eventually Elevator.current = first) } for 3 but 10 steps
