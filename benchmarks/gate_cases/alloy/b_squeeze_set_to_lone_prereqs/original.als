// Course prerequisites (written for fmrepair's gate cases).
sig Course { prereqs: set Course }

fact Acyclic { no c: Course | c in c.^prereqs }

// faulty: a course may list a prerequisite that another of its prerequisites already requires
assert NoRedundantPrereq { all c: Course | no c.prereqs & c.prereqs.^prereqs }
check NoRedundantPrereq for 4 expect 0
run { some prereqs } for 4
