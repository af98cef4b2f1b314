// A building's doors by day and by night.
sig Door {}
lone sig Night {}
one sig Building { ajar: set Door, locked: set Door }

pred dayRules { no Building.locked }
// at night every door is locked and shut
pred nightRules { Building.locked = Door and no Building.ajar }

fact Schedule { no Night implies dayRules }
fact AtNight { some Night implies nightRules }

assert ShutWhenLocked { no Building.ajar & Building.locked }
check ShutWhenLocked for 4
run { some Building.ajar } for 4
