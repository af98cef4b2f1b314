module helpdesk
sig Ticket {}
var sig Open in Ticket {}
var sig Closed in Ticket {}
var sig Escalated in Ticket {}

pred init { no Open and no Closed and no Escalated }

pred file[t: Ticket] {
  t not in Open + Closed
  Open' = Open + t
  Closed' = Closed
  Escalated' = Escalated
}
pred escalate[t: Ticket] {
  t in Open - Escalated
  Escalated' = Escalated + t
  Open' = Open
  Closed' = Closed
}
// an agent closes the ticket without the customer
pred close[t: Ticket] {
  t in Open
  Open' = Open - t
  Escalated' = Escalated - t
}
// the customer confirms the fix
pred resolve[t: Ticket] {
  t in Open
  Open' = Open - t
  Closed' = Closed + t
  Escalated' = Escalated - t
}
pred reopen[t: Ticket] {
  t in Closed
  Closed' = Closed - t
  Open' = Open + t
  Escalated' = Escalated
}
pred idle { Open' = Open and Closed' = Closed and Escalated' = Escalated }
fact { init  always (idle or (some t: Ticket | file[t] or escalate[t] or close[t] or resolve[t] or reopen[t])) }

assert ClosedNotOpen { always no Open & Closed }
assert EscalatedOpen { always Escalated in Open }
check ClosedNotOpen for 3 but 6 steps
check EscalatedOpen for 3 but 6 steps
run { eventually some Escalated } for 3 but 6 steps
