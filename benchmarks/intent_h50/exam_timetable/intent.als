check { all s: Student, t: Slot | lone (takers.s & slot.t) } for 4 expect 0
run { some disj e1, e2: Exam | e1.slot = e2.slot and some e1.takers and some e2.takers } for 4 expect 1
run { some s: Student | #examsOf[s] = 3 } for 4 expect 1
run { some disj e1, e2: Exam | e1.room = e2.room and some e1.takers & e2.takers } for 4 expect 1
run { some disj e1, e2: Exam | e1.slot = e2.slot and no e1.takers & e2.takers and #(e1.takers + e2.takers) = 3 } for 4 expect 1
