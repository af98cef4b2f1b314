abstract sig Phase {}
one sig NSGreen, EWGreen, AllRed extends Phase {}
one sig Controller { var phase: one Phase }

fact { Controller.phase = AllRed }

pred Controller.advance[] {
  this.phase = AllRed implies this.phase' in NSGreen + EWGreen
  this.phase != AllRed implies this.phase' = AllRed
}

-- the controller holds its current phase for one more tick
pred Controller.hold[] {
  this.phase != AllRed
  this.phase' = Phase - AllRed - this.phase
}

fact { always (Controller.advance or Controller.hold) }

assert Separated { always (Controller.phase = NSGreen implies after Controller.phase != EWGreen) and always (Controller.phase = EWGreen implies after Controller.phase != NSGreen) }
check Separated for 3 but 6 steps
