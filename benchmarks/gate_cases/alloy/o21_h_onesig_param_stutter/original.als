abstract sig Phase {}
one sig NSGreen, EWGreen, AllRed extends Phase {}
one sig Controller { var phase: one Phase }

fact { Controller.phase = AllRed }

pred advance[c: Controller] {
  c.phase = AllRed implies c.phase' in NSGreen + EWGreen
  c.phase != AllRed implies c.phase' = AllRed
}

-- the controller holds its current phase for one more tick
pred hold[c: Controller] {
  c.phase != AllRed
  c.phase' = Phase - AllRed - c.phase
}

fact { always (advance[Controller] or hold[Controller]) }

assert Separated { always (Controller.phase = NSGreen implies after Controller.phase != EWGreen) and always (Controller.phase = EWGreen implies after Controller.phase != NSGreen) }
check Separated for 3 but 6 steps
