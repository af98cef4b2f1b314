// Exam timetable (static model).
// Each exam is held in one room during one time slot. Students register for
// exams. A student can sit several exams, but never two in the same slot.

sig Slot {}
sig Room {}
sig Student {}

sig Exam {
  slot: one Slot,
  room: one Room,
  takers: set Student
}

// no student has two exams at the same time
fact NoClash {
  all s: Student | all disj e1, e2: examsOf[s] | e1.slot != e2.slot
}

// a room hosts at most one exam per slot
fact RoomFree {
  all disj e1, e2: Exam | e1.slot = e2.slot implies e1.room != e2.room
}

fun examsOf[s: Student]: set Exam { takers.s }

assert OneExamPerSlot {
  all s: Student, t: Slot | lone (examsOf[s] & slot.t)
}

assert NoRoomClash {
  all t: Slot, r: Room | lone (slot.t & room.r)
}

check OneExamPerSlot for 4
check NoRoomClash for 4
run Busy { some s: Student | #examsOf[s] > 1 } for 4
