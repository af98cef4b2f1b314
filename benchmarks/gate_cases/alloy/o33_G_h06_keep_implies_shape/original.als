// Course registration: a student may take a course only when the prerequisites are done.
sig Course { prereqs: set Course }
sig Student {
  passed: set Course,
  takes: set Course
}

fact NoCycle { no c: Course | c in c.^prereqs }
fact NoRetake { all s: Student | no s.passed & s.takes }
fact Eligible { all s: Student, c: s.takes | some c.prereqs implies some c.prereqs & s.passed }

assert NoCoTake { all s: Student | no s.takes & s.takes.prereqs }

check NoCoTake for 4
run Busy { some s: Student | some disj c1, c2: s.takes | some c1.prereqs } for 4
run Chain { some c: Course | some c.prereqs.prereqs and some takes.c } for 4
run Fresh { some s: Student, c: s.takes | no c.prereqs } for 4
