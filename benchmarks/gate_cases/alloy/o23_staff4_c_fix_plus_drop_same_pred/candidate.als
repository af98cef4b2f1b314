// Project staffing: employees are assigned to projects that need skills.
sig Skill {}
sig Employee { skills: set Skill, assigned: set Project }
sig Project { needs: set Skill }

// staffing rules: qualification, needs, workload
pred rules {
  all p: Project | some p.needs
  all e: Employee | #e.assigned <= 2
}
fact Rules { rules }

assert LightLoad { all e: Employee | #e.assigned < 3 }
check LightLoad for 3

pred specialist { some e: Employee | some e.assigned and some Skill - e.skills }
run specialist for 3 expect 1
