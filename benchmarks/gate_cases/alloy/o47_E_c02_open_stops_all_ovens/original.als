-- Microwave ovens in an office kitchen. People open and close the door and
-- start and stop heating. Like a real microwave, opening the door while it
-- is heating interrupts the heating (the door can always be opened).
-- Intent: an oven never heats with its door open.
abstract sig DoorState {}
one sig Open, Closed extends DoorState {}
sig Oven { var door: one DoorState }
var sig Heating in Oven {}
fact init { no Heating }
pred openDoor[o: Oven] {
  o.door = Closed
  door' = door ++ o -> Open
  Heating' = Heating
}
pred closeDoor[o: Oven] {
  o.door = Open
  door' = door ++ o -> Closed
  Heating' = Heating
}
pred start[o: Oven] {
  o.door = Closed
  o not in Heating
  Heating' = Heating + o
  door' = door
}
pred stop[o: Oven] {
  o in Heating
  Heating' = Heating - o
  door' = door
}
pred nothing { door' = door and Heating' = Heating }
fact trans {
  always (nothing or some o: Oven |
    openDoor[o] or closeDoor[o] or start[o] or stop[o])
}
assert Safe { always all o: Oven | o in Heating implies o.door = Closed }
check Safe for 3 but 8 steps
run Use { some o: Oven | eventually o in Heating } for 3 but 8 steps
