// Writing, sending and receiving mail, Alloy 6 (written for fmrepair's gate cases).
sig Msg {}
var sig Draft in Msg {}
var sig Sent in Msg {}
var sig Received in Msg {}

pred write[m: Msg] { m not in Draft + Sent and Draft' = Draft + m and Sent' = Sent and Received' = Received }
pred send[m: Msg] { m in Draft and Draft' = Draft - m and Sent' = Sent + m and Received' = Received }
pred receive[m: Msg] { m in Sent and m not in Received and Received' = Received + m and Draft' = Draft and Sent' = Sent }
pred idle { Draft' = Draft and Sent' = Sent and Received' = Received }

fact Init { no Draft + Sent + Received }
// faulty: a message may be received that nobody sent
fact Steps { always (idle or some m: Msg | write[m] or send[m] or receive[m]) }

assert NoPhantomMail { always Received in Sent }
check NoPhantomMail for 3 but 8 steps expect 0
run { eventually some Sent } for 3 but 8 steps
