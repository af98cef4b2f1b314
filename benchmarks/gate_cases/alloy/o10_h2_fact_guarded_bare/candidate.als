// Doors of a building, by day and by night. Only outer doors have locks.
abstract sig Phase {}
one sig Day, Night extends Phase {}
one sig Clock { phase: one Phase }
sig Door {}
sig Outer in Door {}
sig Locked in Outer {}
sig Open in Door {}

fact DayRules { Clock.phase = Day implies no Locked }
fact NightRules { Clock.phase = Night implies (Outer in Locked and no Outer & Open) }

// faulty: at night a door may be locked while it stands open
assert ShutWhenLocked { no Locked & Open }
check ShutWhenLocked for 4
run { some Open } for 4
run { some Locked } for 4
