-- Seminar timetable (static). Every seminar gets one room, one time slot
-- and one lecturer.
-- Intent: no room hosts two seminars in the same slot, and no lecturer has
-- to teach two seminars in the same slot.
sig Room {}
sig Slot {}
sig Lecturer {}
sig Seminar {
  room: one Room,
  slot: one Slot,
  by: one Lecturer
}
fact RoomClash {
  all disj s1, s2: Seminar | s1.room = s2.room implies s1.slot != s2.slot
}
fact LecturerClash {
  all l: Lecturer | #by.l = #(by.l).slot
}
assert NoDoubleBooking {
  all disj s1, s2: Seminar | s1.slot = s2.slot implies
    (s1.room != s2.room and s1.by != s2.by)
}
check NoDoubleBooking for 4
run BusyLecturer { some disj s1, s2: Seminar | s1.by = s2.by } for 4
