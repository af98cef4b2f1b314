// Enrolment rules (written for fmrepair's gate cases).
sig Course { needs: set Course }
sig Student { passed: set Course, enrolled: set Course }

fact Acyclic { no c: Course | c in c.^needs }
fact NoRetake { all s: Student | no s.passed & s.enrolled }
// faulty: only some student has to meet the requirements
fact Requirements { all s: Student | s.enrolled.needs in s.passed }

assert Qualified { all s: Student, c: s.enrolled | c.needs in s.passed }
check Qualified for 3 expect 0
run { some s: Student | some s.enrolled.needs } for 3
