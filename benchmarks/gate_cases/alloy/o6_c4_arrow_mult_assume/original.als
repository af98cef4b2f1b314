// A timetable: each room maps slots to courses.
sig Slot {}
sig Course {}
sig Room { booked: Slot -> Course }

// faulty: intended "no double booking", but only forbids a course in two rooms at once
fact NoClash { all s: Slot, c: Course | lone booked.c.s }

assert NoDouble { all r: Room, s: Slot | lone s.(r.booked) }
check NoDouble for 3
run { some booked } for 3
