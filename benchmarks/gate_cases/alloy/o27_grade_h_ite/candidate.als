module grades

enum Grade { A, B, C, F }
sig Student { score: one Int, grade: one Grade }

fact Range { all s: Student | s.score >= 0 and s.score <= 10 }
fun gradeOf[n: Int]: Grade { n >= 8 => A else n >= 6 => B else n >= 4 => C else F }
fact Grading { all s: Student | s.grade = gradeOf[s.score] }

assert FailIffLow { all s: Student | s.grade = F iff s.score < 4 }

check FailIffLow for 3 but 5 Int
run Mixed { some disj s1, s2: Student | s1.grade = A and s2.grade = F } for 3 but 5 Int expect 1
