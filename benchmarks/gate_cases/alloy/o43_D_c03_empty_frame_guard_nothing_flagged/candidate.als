module mail
sig Msg {}
var sig Inbox in Msg {}
var sig Trash in Msg {}
var sig Gone in Msg {}
var sig Flagged in Msg {}

pred init { no Inbox and no Trash and no Gone and no Flagged }
pred receive[m: Msg] {
  m not in Inbox + Trash + Gone
  Inbox' = Inbox + m
  Trash' = Trash
  Gone' = Gone
  Flagged' = Flagged
}
pred delete[m: Msg] {
  m in Inbox
  Inbox' = Inbox - m
  Trash' = Trash + m
  Gone' = Gone
  Flagged' = Flagged - m
}
pred restore[m: Msg] {
  m in Trash
  Trash' = Trash - m
  Inbox' = Inbox + m
  Gone' = Gone
  Flagged' = Flagged
}
pred flag[m: Msg] {
  m in Inbox
  Flagged' = Flagged + m
  Inbox' = Inbox
  Trash' = Trash
  Gone' = Gone
}
pred emptyTrash {
  some Trash
  no Flagged
  Gone' = Gone + Trash
  Trash' = none
  Inbox' = Inbox
}
pred idle { Inbox' = Inbox and Trash' = Trash and Gone' = Gone and Flagged' = Flagged }
fact { init  always (idle or emptyTrash or (some m: Msg | receive[m] or delete[m] or restore[m] or flag[m])) }

assert NoResurrection { always all m: Gone | m not in Inbox }
check NoResurrection for 3 but 6 steps
run { eventually some Gone } for 3 but 6 steps
