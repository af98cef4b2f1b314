-- Museum entrance with single-use tickets (Alloy 6, state as fields of a one sig).
-- Intent: a visitor buys a ticket, uses it to enter (the ticket is then
-- spent), and leaves; leaving changes nothing about tickets.
sig Visitor {}
one sig Museum {
  var ticket: set Visitor,   -- visitors holding an unused ticket
  var inside: set Visitor
}

pred buy[v: Visitor] {
  v not in Museum.ticket + Museum.inside
  Museum.ticket' = Museum.ticket + v
  Museum.inside' = Museum.inside
}

pred enter[v: Visitor] {
  v in Museum.ticket
  Museum.inside' = Museum.inside + v
  Museum.ticket' = Museum.ticket - v
}

pred leave[v: Visitor] {
  v in Museum.inside
  Museum.inside' = Museum.inside - v
}

pred closed { Museum.ticket' = Museum.ticket and Museum.inside' = Museum.inside }

fact museum {
  no Museum.ticket and no Museum.inside
  always (closed or some v: Visitor | buy[v] or enter[v] or leave[v])
}

-- nobody inside still holds an unused ticket
assert SpentOnEntry { always no Museum.ticket & Museum.inside }
check SpentOnEntry for 3 but 8 steps

-- whoever is inside had bought a ticket at some point
assert PaidToEnter { always all v: Museum.inside | once v in Museum.ticket }
check PaidToEnter for 3 but 8 steps

run Visit { some v: Visitor | eventually (v in Museum.inside and eventually v not in Museum.inside) } for 3 but 6 steps
