-- Course catalogue with prerequisite levels (static)
sig Course {
  level: one Int,
  prereq: set Course
}
sig Student {
  passed: set Course,
  enrolled: set Course
}

fact Levels { all c: Course | c.level >= 1 and c.level <= 4 }

-- a prerequisite is a course of a lower level
fact PrereqLower { all c: Course, p: c.prereq | c.level > p.level }

fact Eligible { all s: Student, c: s.enrolled | c.prereq in s.passed }
fact NoRetake { all s: Student | no s.enrolled & s.passed }

assert NoSelfPrereq { no c: Course | c in c.^prereq }
assert EligibleOk { all s: Student | s.enrolled.prereq in s.passed }

check NoSelfPrereq for 4 but 4 Int
check EligibleOk for 4 but 4 Int
run Progress { some s: Student | some s.enrolled.prereq and some s.passed } for 4 but 4 Int
