// Course registration: students enrol in courses that have prerequisites.
sig Course { prereqs: set Course, cap: one Int }
sig Student { passed: set Course, enrolled: set Course }

fact NoSelfPrereq { all c: Course | c not in c.^prereqs }
fact Capacity { all c: Course | #enrolled.c <= c.cap and c.cap >= 0 }
// nobody re-takes a course already passed
fact NoRetake { all s: Student | no s.enrolled & s.passed }
// a student may enrol in a course only once its prerequisites are passed
fact Eligible { all s: Student | all c: s.enrolled | some c.prereqs implies c.^prereqs + c in s.passed }

assert NoSelfEnrolPrereq { all s: Student, c: s.enrolled | c not in c.^prereqs }
check NoSelfEnrolPrereq for 4

pred advancedEnrolment { some s: Student, c: s.enrolled | some c.prereqs }
run advancedEnrolment for 4 expect 1
