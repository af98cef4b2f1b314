module greenhouse

abstract sig Power {}
one sig On, Off extends Power {}
abstract sig Flap {}
one sig Open, Shut extends Flap {}

one sig House {
  var heater: one Power,
  var vent: one Flap,
  var sprinkler: one Power
}

pred init {
  House.heater = Off
  House.vent = Shut
  House.sprinkler = Off
}

pred heatOn {
  House.vent = Shut
  House.heater = Off
  House.heater' = On
  House.vent' = House.vent
  House.sprinkler' = House.sprinkler
}

pred heatOff {
  House.heater = On
  House.heater' = Off
  House.vent' = House.vent
  House.sprinkler' = House.sprinkler
}

// opening the vent airs the house: the heater is shut down when the vent opens
pred openVent {
  House.vent = Shut
  House.vent' = Open
  House.heater' = House.heater
  House.sprinkler' = House.sprinkler
}

pred shutVent {
  House.vent = Open
  House.vent' = Shut
  House.heater' = House.heater
  House.sprinkler' = House.sprinkler
}

pred water {
  House.sprinkler' != House.sprinkler
  House.heater' = House.heater
  House.vent' = House.vent
}

pred hold {
  House.heater' = House.heater
  House.vent' = House.vent
  House.sprinkler' = House.sprinkler
}

fact climate {
  init
  always (hold or heatOn or heatOff or openVent or shutVent or water)
}

assert NoHeatWhileVented { always (House.vent = Open implies House.heater = Off) }

check NoHeatWhileVented for 3 but 8 steps
run airing { eventually (House.heater = On and eventually House.vent = Open) } for 3 but 8 steps
