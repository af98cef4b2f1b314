// Course enrolment with prerequisites.
// A student may enrol in a course only after completing all of its prerequisites.

sig Course {
  prereqs: set Course
}

sig Student {
  enrolled: set Course,
  completed: set Course
}

fact NoCircularPrereqs {
  no c: Course | c in c.^prereqs
}

// enrolment requires the prerequisites
fact PrereqsMet {
  all s: Student, c: s.enrolled | no c.prereqs - s.completed
}

// completed courses had their prerequisites completed as well
fact CompletedInOrder {
  all s: Student | s.completed.prereqs in s.completed
}

// nobody retakes a completed course
fact NoRetake {
  all s: Student | no s.enrolled & s.completed
}

// each course takes at most three students
fact Capacity {
  all c: Course | #enrolled.c <= 3
}

assert EnrolledHasAllPrereqs {
  all s: Student, c: s.enrolled, p: c.prereqs | p in s.completed
}

assert TransitivePrereqs {
  all s: Student, c: s.enrolled | c.^prereqs in s.completed
}

check EnrolledHasAllPrereqs for 4
check TransitivePrereqs for 4
run SomeEnrolment { some s: Student | some s.enrolled } for 3
