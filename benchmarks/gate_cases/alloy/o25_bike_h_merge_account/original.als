// Bike-share fleet: bikes are docked at stations or out with a rider
sig Station {}
sig Dock { at: one Station }
sig Rider {}
sig Bike {
  docked: lone Dock,
  rider: lone Rider
}
sig Broken in Bike {}

fact Fleet {
  // a dock holds at most one bike
  all b: Bike | lone b.docked
  // every bike is accounted for: it is in a dock
  all b: Bike | some b.docked
  // never docked and ridden at once
  all b: Bike | no b.docked or no b.rider
  // a rider has one bike at most
  all r: Rider | lone rider.r
  // broken bikes are not rented out
  all b: Broken | no b.rider
}

assert OneBikePerDock { all d: Dock | lone docked.d }
assert BrokenStayHome { all b: Broken | some b.docked }
check OneBikePerDock for 4
check BrokenStayHome for 4
run OutForARide { some b: Bike | some b.rider } for 4 expect 1
