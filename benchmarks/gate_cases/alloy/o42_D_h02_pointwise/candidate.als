module helpdesk

sig Agent {}
sig Ticket {
  var assignee: lone Agent
}
var sig Open in Ticket {}
var sig Escalated in Ticket {}

fact Init {
  no Open
  no assignee
  no Escalated
}

pred file[t: Ticket] {
  t not in Open
  no t.assignee
  Open' = Open + t
  assignee' = assignee
  Escalated' = Escalated
}

pred take[t: Ticket, a: Agent] {
  t in Open
  no t.assignee
  assignee' = assignee + t -> a
  Open' = Open
  Escalated' = Escalated
}

pred resolve[t: Ticket] {
  t in Open
  Open' = Open - t
  assignee' = assignee - t -> Agent
  Escalated' = Escalated - t
}

-- only a ticket someone works on can be escalated
pred escalate[t: Ticket] {
  t in Open
  some t.assignee
  Escalated' = Escalated + t
  Open' = Open
  all x: Ticket | x.assignee' = x.assignee
}

pred idle {
  Open' = Open
  assignee' = assignee
  Escalated' = Escalated
}

fact Steps {
  always (idle or
    (some t: Ticket | file[t] or resolve[t] or escalate[t]) or
    (some t: Ticket, a: Agent | take[t, a]))
}

assert OnlyOpenAssigned { always assignee.Agent in Open }
assert EscalatedHandled { always Escalated in assignee.Agent }
check OnlyOpenAssigned for 3 but 8 steps
check EscalatedHandled for 3 but 8 steps

run Flow { eventually (some Escalated and eventually no Open) } for 3 but 8 steps
