module lossy
sig Msg {}
var sig Sent in Msg {}
var sig Net in Msg {}
var sig Delivered in Msg {}

pred init { no Sent and no Net and no Delivered }
pred send[m: Msg] {
  m not in Sent
  Sent' = Sent + m
  Net' = Net + m
  Delivered' = Delivered
}
pred deliver[m: Msg] {
  m in Net
  Net' = Net - m
  Delivered' = Delivered + m
  Sent' = Sent
}
// the network loses messages
pred lose {
  some Net
  Sent' = Sent
  Delivered' = Delivered
}
pred idle { Sent' = Sent and Net' = Net and Delivered' = Delivered }
fact { init  always (idle or lose or (some m: Msg | send[m] or deliver[m])) }

assert DeliveredWereSent { always Delivered in Sent }
assert InFlightWereSent { always Net in Sent }
check DeliveredWereSent for 3 but 6 steps
check InFlightWereSent for 3 but 6 steps
run { eventually some Delivered } for 3 but 6 steps
