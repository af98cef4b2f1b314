module toolrental

sig Customer {}
sig Tool {
  var renter: lone Customer
}
var sig Broken in Tool {}
var sig Inspected in Tool {}

fact Init {
  no renter
  no Broken
  Inspected = Tool
}

pred rent[t: Tool, c: Customer] {
  no t.renter
  t not in Broken
  renter' = renter + t -> c
  Inspected' = Inspected - t
  Broken' = Broken
}

pred giveBack[t: Tool, c: Customer] {
  t.renter = c
  renter' = renter - t -> c
  Inspected' = Inspected
  Broken' = Broken
}

pred reportDamage[t: Tool] {
  no t.renter
  t not in Broken
  Broken' = Broken + t
  Inspected' = Inspected - t
  renter' = renter
}

pred inspect[t: Tool] {
  no t.renter
  t not in Inspected
  Inspected' = Inspected + t
  Broken' = Broken - t
  renter' = renter
}

pred idle {
  renter' = renter
  Broken' = Broken
  Inspected' = Inspected
}

fact Steps {
  always (idle
    or (some t: Tool, c: Customer | rent[t, c] or giveBack[t, c])
    or (some t: Tool | reportDamage[t] or inspect[t]))
}

// a tool leaves the shop only if it was inspected since it last came back
assert InspectedBeforeRent {
  always all t: Tool | (no t.renter and after some t.renter) implies t in Inspected
}

assert BrokenNotRented {
  always no Broken & renter.Customer
}

check InspectedBeforeRent for 3 but 8 steps
check BrokenNotRented for 3 but 8 steps

run RentTwice { some t: Tool | eventually (some t.renter and after (no t.renter and eventually some t.renter)) } for 3 but 8 steps
run RepairCycle { eventually (some Broken and after no Broken) } for 3 but 8 steps
