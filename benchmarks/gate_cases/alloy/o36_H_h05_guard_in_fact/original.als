module permits

sig Zone {}
sig Car {
  var permit: lone Zone,
  var parked: lone Zone
}

pred buy[c: Car, z: Zone] {
  no c.permit
  permit' = permit + c -> z
  parked' = parked
}

pred park[c: Car] {
  no c.parked
  some c.permit
  parked' = parked + c -> c.permit
  permit' = permit
}

pred leave[c: Car] {
  some c.parked
  parked' = parked - c -> Zone
  permit' = permit
}

pred revoke[c: Car] {
  some c.permit
  permit' = permit - c -> Zone
  parked' = parked
}

pred nop {
  permit' = permit
  parked' = parked
}

fact traffic {
  no permit
  no parked
  always (nop or (some c: Car, z: Zone | buy[c, z])
    or (some c: Car | park[c] or leave[c] or revoke[c]))
}

assert ParkedWithPermit {
  always (all c: Car | c.parked in c.permit)
}

check ParkedWithPermit for 3 but 8 steps
run revoked { eventually (some c: Car | some c.permit and after no c.permit) } for 3 but 8 steps
