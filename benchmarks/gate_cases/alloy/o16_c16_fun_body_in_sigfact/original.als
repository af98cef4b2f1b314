// Shared printers and the jobs queued on them.
sig Job {}
sig Urgent in Job {}
sig Printer { printing: set Job } {
  // at most one urgent job prints at a time on a printer
  lone active[this]
}

fun active[p: Printer]: set Job { p.printing & Urgent }

fact Assigned { all j: Job | lone printing.j }

// faulty: a printer may print several ordinary jobs at once
assert OneAtATime { all p: Printer | lone p.printing }
check OneAtATime for 3
run { some Urgent & Printer.printing } for 3
