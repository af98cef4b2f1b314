// Teams: employees with skills are assigned to projects; each has at most one mentor.
sig Skill {}
sig Project { needs: some Skill }
sig Employee { skills: one Skill, mentor: lone Employee, assigned: set Project } {
  this not in mentor
  all p: assigned | some p.needs & skills
}

assert MentorNotSelf { all e: Employee | e != e.mentor }
check MentorNotSelf for 3

pred versatile { some e: Employee | some p: e.assigned | #p.needs > 1 }
run versatile for 3 expect 1
