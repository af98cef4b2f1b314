module parking
-- Cars enter the car park, pay, and leave. Leaving uses up the payment.
-- Intent: a payment is only on record for a car that is parked.
sig Car {}
one sig Lot {
  var parked: set Car,  -- cars inside
  var paid: set Car     -- cars whose ticket is paid
}

fact Init { no Lot.parked and no Lot.paid }

pred arrive[c: Car] {
  c not in Lot.parked
  Lot.parked' = Lot.parked + c
  Lot.paid' = Lot.paid
}

pred pay[c: Car] {
  c in Lot.parked - Lot.paid
  Lot.paid' = Lot.paid + c
  Lot.parked' = Lot.parked
}

-- a paid car drives out; its payment is used up
pred depart[c: Car] {
  c in Lot.paid
  Lot.parked' = Lot.parked - c
  no Lot.paid'
}

pred skip { parked' = parked and paid' = paid }

fact Steps { always (skip or some c: Car | arrive[c] or pay[c] or depart[c]) }

assert PaidMeansParked { always Lot.paid in Lot.parked }
check PaidMeansParked for 3 but 6 steps
run Visit { eventually (some Lot.paid and eventually no Lot.parked) } for 3 but 6 steps
