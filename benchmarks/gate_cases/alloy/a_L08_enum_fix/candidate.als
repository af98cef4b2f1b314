enum Status { Open, Closed }
sig Person {}
sig Ticket { status: one Status, owner: lone Person }
// faulty: a closed ticket may have no owner
fact Fix { all t: Ticket | t.status = Closed implies some t.owner }
assert ClosedOwned { all t: Ticket | t.status = Closed implies some t.owner }
check ClosedOwned for 3 expect 0
run { some owner } for 3
