-- Project board: users join and leave the team; tasks are assigned to team members.
sig User {}
var sig Member in User {}
sig Task { var assignee: lone User }

pred join[u: User] {
  u not in Member
  Member' = Member + u
  assignee' = assignee
}

pred leave[u: User] {
  u in Member
  Member' = Member - u
  assignee' = assignee
}

pred assign[t: Task, u: User] {
  u in Member
  no t.assignee
  assignee' = assignee + t -> u
  Member' = Member
}

pred unassign[t: Task] {
  some t.assignee
  assignee' = assignee - t -> User
  Member' = Member
}

pred stutter { Member' = Member  assignee' = assignee }

fact Traces {
  no Member
  no assignee
  always (stutter or (some u: User | join[u] or leave[u]) or (some t: Task, u: User | assign[t, u]) or (some t: Task | unassign[t]))
}

assert AssigneesAreMembers { always Task.assignee in Member }
check AssigneesAreMembers for 3 but 6 steps
