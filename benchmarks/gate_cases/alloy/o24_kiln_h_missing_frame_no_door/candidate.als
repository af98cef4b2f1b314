// A pottery kiln: pots are loaded through the door, then fired; the door must stay
// shut whenever the kiln is not cold.
abstract sig Level {}
one sig Cold, Warm, Hot extends Level {}
sig Pot {}
one sig Kiln { var temp: one Level }
var sig DoorOpen in Kiln {}
var sig Inside in Pot {}

pred init { Kiln.temp = Cold and no DoorOpen and no Inside }

pred openDoor { no DoorOpen and Kiln.temp = Cold and DoorOpen' = Kiln and temp' = temp and Inside' = Inside }
pred shutDoor { some DoorOpen and no DoorOpen' and temp' = temp and Inside' = Inside }
pred load[p: Pot] { some DoorOpen and p not in Inside and Inside' = Inside + p and DoorOpen' = DoorOpen and temp' = temp }
pred unload[p: Pot] { some DoorOpen and p in Inside and Inside' = Inside - p and DoorOpen' = DoorOpen and temp' = temp }
pred heat {
  no DoorOpen
  Kiln.temp != Hot
  Kiln.temp' = (Kiln.temp = Cold implies Warm else Hot)
  Inside' = Inside and no DoorOpen'  // the door stays shut while heating
}
pred cool {
  Kiln.temp != Cold
  Kiln.temp' = (Kiln.temp = Hot implies Warm else Cold)
  DoorOpen' = DoorOpen and Inside' = Inside
}
pred rest { temp' = temp and DoorOpen' = DoorOpen and Inside' = Inside }

fact Operation {
  init
  always (rest or openDoor or shutDoor or heat or cool or some p: Pot | load[p] or unload[p])
}

assert ShutWhenHot { always (Kiln.temp != Cold implies no DoorOpen) }
check ShutWhenHot for 3 but 10 steps
run Firing { some p: Pot | eventually (p in Inside and Kiln.temp = Hot and eventually p not in Inside) } for 3 but 10 steps expect 1
