// A school timetable (written for fmrepair's gate cases).
sig Teacher {}
sig Period {}
sig Lesson { teacher: one Teacher, period: one Period }

// faulty: a teacher may be given two lessons in the same period
assert NoClash { all disj l1, l2: Lesson | l1.teacher = l2.teacher implies l1.period != l2.period }
check NoClash for 3 expect 0
run { some disj l1, l2: Lesson | l1.teacher = l2.teacher } for 3
