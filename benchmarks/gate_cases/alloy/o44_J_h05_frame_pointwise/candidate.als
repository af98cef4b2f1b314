-- Museum entrance with single-use tickets (Alloy 6; initial state in its own fact).
-- Intent: a visitor buys a ticket, uses it to enter (the ticket is then
-- spent), and leaves; leaving changes nothing about tickets.
sig Visitor {}
var sig Ticket in Visitor {}   -- visitors holding an unused ticket
var sig Inside in Visitor {}

pred buy[v: Visitor] {
  v not in Ticket + Inside
  Ticket' = Ticket + v
  Inside' = Inside
}

pred enter[v: Visitor] {
  v in Ticket
  Inside' = Inside + v
  Ticket' = Ticket - v
}

pred leave[v: Visitor] {
  v in Inside
  Inside' = Inside - v
  all x: Visitor | x in Ticket' iff x in Ticket
}

pred closed { Ticket' = Ticket and Inside' = Inside }

fact init { no Ticket and no Inside }

fact museum { always (closed or some v: Visitor | buy[v] or enter[v] or leave[v]) }

-- nobody inside still holds an unused ticket
assert SpentOnEntry { always no Ticket & Inside }
check SpentOnEntry for 3 but 8 steps

-- whoever is inside had bought a ticket at some point
assert PaidToEnter { always all v: Inside | once v in Ticket }
check PaidToEnter for 3 but 8 steps

run Visit { some v: Visitor | eventually (v in Inside and eventually v not in Inside) } for 3 but 6 steps
