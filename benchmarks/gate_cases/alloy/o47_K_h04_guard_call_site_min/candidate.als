-- Bakery queue with numbered tickets (util/ordering on Ticket). Customers
-- take the next ticket from the dispenser; the counter serves tickets.
-- Intent: first come, first served - a ticket is only served once every
-- earlier issued ticket has been served.
open util/ordering[Ticket]
sig Ticket {}
one sig Bakery {
  var issued: set Ticket,
  var served: set Ticket
}
fact init { no Bakery.issued and no Bakery.served }
pred issue[t: Ticket] {
  t = min[Ticket - Bakery.issued]
  Bakery.issued' = Bakery.issued + t
  Bakery.served' = Bakery.served
}
pred serve[t: Ticket] {
  t in Bakery.issued - Bakery.served
  Bakery.served' = Bakery.served + t
  Bakery.issued' = Bakery.issued
}
pred pause { issued' = issued and served' = served }
fact trans { always (pause or some t: Ticket | issue[t] or (t = min[Bakery.issued - Bakery.served] and serve[t])) }
assert FIFO { always all t: Bakery.served | t.prevs & Bakery.issued in Bakery.served }
assert OnlyIssued { always Bakery.served in Bakery.issued }
check FIFO for 4 but 8 steps
check OnlyIssued for 4 but 8 steps
run Busy { eventually (#Bakery.served = 2 and #(Bakery.issued - Bakery.served) = 2) } for 4 but 8 steps
