// Music festival: bands play slots on stages. Slots may be back to back
// (adjacent) but a band must never play two overlapping slots.
sig Crew {}
sig Stage { crew: some Crew }
sig Slot { stage: one Stage, overlaps: set Slot, adjacent: set Slot }
sig Band { plays: set Slot, headliner: lone Stage }

pred exclusiveCrew[s: Stage] {
  #s.crew <= 2
  all t: Stage - s | no s.crew & t.crew
}

fact Timetable {
  overlaps = ~overlaps and adjacent = ~adjacent
  no iden & (overlaps + adjacent)
  no overlaps & adjacent
}
fact Crews { all s: Stage | exclusiveCrew[s] }
// fixed: the rule is about overlapping slots, not adjacent ones
fact Booking {
  all b: Band | all disj x, y: b.plays | y not in x.overlaps
  all b: Band | some b.headliner implies b.headliner in b.plays.stage
}

assert NoDoubleBooking { all b: Band | no b.plays & b.plays.overlaps }
check NoDoubleBooking for 4
run BackToBack { some b: Band | some x, y: b.plays | y in x.adjacent } for 4 expect 1
