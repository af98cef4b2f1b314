// Course catalogue: courses sit at levels; prerequisites come from lower levels.
sig Level { below: set Level }
sig Course { level: one Level, prereqs: set Course }
sig Student { passed: set Course, enrolled: set Course }

// prerequisites are at a strictly lower level
fact LowerPrereqs { all c: Course, p: c.prereqs | p.level in c.level.^below }
// entry courses (lowest level) have no prerequisites
fact Entry { all c: Course | no c.level.below implies no c.prereqs }
// a student enrols only with the prerequisites passed (faulty: "some" where "every" was meant)
fact Eligible { all s: Student | all c: s.enrolled | c.prereqs in s.passed }

assert Qualified { all s: Student, c: s.enrolled | c.prereqs in s.passed }
check Qualified for 4

pred advanced { some s: Student, c: s.enrolled | some c.prereqs }
run advanced for 4 expect 1
