// Course loads (written for fmrepair's gate cases).
sig Course {}
sig Student { takes: set Course }
sig Tutor { tutors: set Student }

// faulty: nothing caps how many courses a student takes
assert LoadCap { all s: Student | #s.takes <= 3 }
check LoadCap for 3 but 4 Course expect 0
run Busy { some s: Student | #s.takes = 3 } for 5
