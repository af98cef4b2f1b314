// Classes, teachers and students (written for fmrepair's gate cases).
abstract sig Person {}
sig Teacher, Student extends Person {}
sig Class { teachers: set Teacher, students: set Student }

pred taught[c: Class] { some c.teachers }
pred everyClassTaught { all c: Class | taught[c] }
fun enrolled[p: Person]: set Class { students.p }
fun load[t: Teacher]: set Class { teachers.t }
pred busy[t: Teacher] { some load[t] }
let inClass[s, c] = s in c.students

// faulty: every class should have exactly one teacher
fact Rules { all c: Class | lone c.teachers }
fact Balanced { all t: Teacher | lone load[t] }

assert AllTaught { everyClassTaught }
assert OwnClass { all s: Student, c: Class | inClass[s, c] implies c in enrolled[s] }
check AllTaught for 3 expect 0
check OwnClass for 3 expect 0
run { some t: Teacher | busy[t] } for 3
