// Who may grade an assignment? (after the grading-policy example of the ARepair benchmark)
// Faulty: a teaching assistant may grade an assignment that is assigned to them.
abstract sig Person {}
sig Student extends Person {}
sig Professor extends Person {}

sig Class {
  assistant_for: set Student,   // the TAs of the class
  instructor_of: one Professor  // the class's instructor
}

sig Assignment {
  associated_with: one Class,
  assigned_to: some Student
}

pred PolicyAllowsGrading(s: Person, a: Assignment) {
  s in a.associated_with.assistant_for or s in a.associated_with.instructor_of
}

// Nobody grades their own assignment.
assert NoSelfGrading {
  all s: Person, a: Assignment | PolicyAllowsGrading[s, a] implies s !in a.assigned_to
}
check NoSelfGrading for 4

// The policy still lets someone grade something.
run SomeoneGrades { some s: Person, a: Assignment | PolicyAllowsGrading[s, a] } for 3
