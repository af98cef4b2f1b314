module grades

enum Grade { A, B, C, F }
sig Student { score: one Int, grade: one Grade }

fact Range { all s: Student | s.score >= 0 and s.score <= 10 }
fact Grading {
  all s: Student | s.score >= 8 implies s.grade = A
  all s: Student | (s.score >= 6 and s.score < 8) implies s.grade = B
  all s: Student | (s.score >= 4 and s.score < 6) implies s.grade = C
  all s: Student | s.score < 3 implies s.grade = F
}

assert FailIffLow { all s: Student | s.grade = F iff s.score < 4 }

check FailIffLow for 3 but 5 Int
run Mixed { some disj s1, s2: Student | s1.grade = A and s2.grade = F } for 3 but 5 Int expect 1
