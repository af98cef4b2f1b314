// A print spooler, Alloy 6 (written for fmrepair's gate cases).
sig Job {}
sig Queued in Job {}
var sig Printed in Job {}
one sig Printer { var current: lone Job }

pred submit[j: Job] { j not in Queued + Printed + Printer.current and Queued' = Queued + j and Printed' = Printed and Printer.current' = Printer.current }
pred start[j: Job] { j in Queued and Printer.current' = j and Queued' = Queued - j and Printed' = Printed }
pred finish { some Printer.current and no Printer.current' and Printed' = Printed + Printer.current and Queued' = Queued }
pred idle { Queued' = Queued and Printed' = Printed and Printer.current' = Printer.current }

fact Init { no Printed and no Printer.current }
// faulty: a job may be started while another one is printing
fact Steps { always (idle or finish or some j: Job | submit[j] or start[j]) }

assert NoLostJob { always (some Printer.current implies (Printer.current' = Printer.current or Printer.current in Printed')) }
check NoLostJob for 3 but 8 steps expect 0
run { eventually some Queued } for 3 but 8 steps
