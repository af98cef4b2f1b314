sig Tank { var level: one Int }

-- tanks start at some level
fact { all t: Tank | t.level <= 3 }

pred fill[t: Tank]  { t.level < 3 and t.level' = t.level.plus[1] and all u: Tank - t | u.level' = u.level }
pred drain[t: Tank] { t.level > 0 and t.level' = t.level.minus[1] and all u: Tank - t | u.level' = u.level }
-- a sensor fault leaves a negative reading: the controller resets it to zero
pred normalize[t: Tank] { t.level < 0 and t.level' = 0 and all u: Tank - t | u.level' = u.level }
pred idle { all t: Tank | t.level' = t.level }

fact { always (idle or some t: Tank | fill[t] or drain[t] or normalize[t]) }

assert NonNegative { always all t: Tank | t.level >= 0 }
check NonNegative for 3 but 4 Int, 6 steps
