module team

sig User {}
sig Task { var assignee: lone User }
var sig Member in User {}
var sig Done in Task {}

fact Init { no Member and no assignee and no Done }

pred join[u: User] {
  u !in Member
  Member' = Member + u
  assignee' = assignee
  Done' = Done
}

pred leave[u: User] {
  u in Member
  Member' = Member - u
  assignee' = {t: Task, x: User | t -> x in assignee and x in Member'}
  Done' = Done
}

pred assign[t: Task, u: User] {
  u in Member
  no t.assignee
  t !in Done
  assignee' = assignee + t -> u
  Member' = Member
  Done' = Done
}

pred finish[t: Task] {
  some t.assignee
  Done' = Done + t
  assignee' = assignee - t -> User
  Member' = Member
}

pred release[t: Task] {
  some t.assignee
  assignee' = assignee - t -> User
  Member' = Member
  Done' = Done
}

pred idle {
  Member' = Member
  assignee' = assignee
  Done' = Done
}

fact Steps {
  always (idle
    or (some u: User | join[u] or leave[u])
    or (some t: Task | finish[t] or release[t] or (some u: User | assign[t, u])))
}

assert AssignedToMembers { always Task.assignee in Member }
assert DoneUnassigned { always no Done.assignee }

check AssignedToMembers for 3 but 7 steps
check DoneUnassigned for 3 but 7 steps
run Finished { eventually some Done } for 3 but 7 steps
