abstract sig Phase {}
one sig NSGreen, EWGreen, AllRed extends Phase {}
one sig Controller { var phase: one Phase, var pedestrians: lone Phase }

fact { Controller.phase = AllRed and no Controller.pedestrians }

pred Controller.advance[] {
  this.phase = AllRed implies this.phase' in NSGreen + EWGreen
  this.phase != AllRed implies this.phase' = AllRed
  this.pedestrians' = this.pedestrians
}

-- a pedestrian presses the button: the request is recorded, the phase is held
pred Controller.press[] {
  this.phase' = NSGreen
  this.pedestrians' = this.phase
}

pred Controller.wait[] { this.phase' = this.phase and this.pedestrians' = this.pedestrians }

fact { always (Controller.advance or Controller.press or Controller.wait) }

-- the two greens are always separated by all-red
assert Separated { always (Controller.phase = NSGreen implies after Controller.phase != EWGreen) and always (Controller.phase = EWGreen implies after Controller.phase != NSGreen) }
check Separated for 3 but 6 steps
