// Project staffing: employees are assigned to projects that need skills.
sig Skill {}
sig Employee { skills: set Skill, assigned: set Project }
sig Project { needs: set Skill }

// nobody works on a project needing a skill they lack
fact Qualified { all e: Employee, p: e.assigned | #Skill > 3 implies p.needs in e.skills }
// every project needs some skill
fact NeedsSkill { all p: Project | some p.needs and p.needs = Skill }
// nobody is assigned to more than two projects
fact Workload { all e: Employee | #e.assigned <= 2 }

assert LightLoad { all e: Employee | #e.assigned < 3 }
check LightLoad for 3

pred specialist { some e: Employee | some e.assigned and some Skill - e.skills }
run specialist for 3 expect 1
