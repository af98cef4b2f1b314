module hotel

sig Person {}
var sig Guest in Person {}
var sig VIP in Guest {}
var sig Paid in Person {}

fact Init {
  no Guest
  no Paid
}

pred checkin[p: Person] {
  p not in Guest
  Guest' = Guest + p
  VIP' = VIP
  Paid' = Paid
}

pred pay[p: Person] {
  p in Guest
  Paid' = Paid + p
  Guest' = Guest
  VIP' = VIP
}

pred upgrade[p: Person] {
  p in Guest & Paid
  VIP' = VIP + p
  Guest' = Guest
  Paid' = Paid
}

-- a leaving guest loses the room, the payment record and any upgrade
pred checkout[p: Person] {
  p in Guest
  Guest' = Guest - p
  Paid' = Paid - p
  all q: Person - p | q in VIP' iff q in VIP
}

pred idle {
  Guest' = Guest
  VIP' = VIP
  Paid' = Paid
}

fact Steps {
  always (idle or some p: Person | checkin[p] or pay[p] or upgrade[p] or checkout[p])
}

assert VIPsPaid { always VIP in Paid }
check VIPsPaid for 3 but 8 steps

run Stay { eventually (some VIP and some Guest - VIP) } for 3 but 8 steps
