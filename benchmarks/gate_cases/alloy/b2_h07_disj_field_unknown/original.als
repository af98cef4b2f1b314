// A course has a lecturer and an assistant, never the same person; students attend courses.
sig Person {}
sig Course { disj lecturer, assistant: one Person, students: set Person }

// faulty: a lecturer may sit in their own course as a student
fact Staffing { all c: Course | c.assistant not in c.students }

assert StaffNotStudents { all c: Course | no (c.lecturer + c.assistant) & c.students }
check StaffNotStudents for 3
run { some c: Course | some c.students } for 3
