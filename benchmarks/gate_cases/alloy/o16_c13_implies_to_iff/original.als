// Build tasks, the tasks they wait for, and their reports.
sig Report {}
sig Task { waitsFor: set Task, report: lone Report }

// every task is reported on
fact Reported { all t: Task | some t.report }
// a task that is not stuck in a wait loop gets a report
fact Reports { all t: Task | t not in t.^waitsFor implies some t.report }

// faulty: nothing keeps tasks out of wait loops
assert NoDeadlock { all t: Task | t not in t.^waitsFor }
check NoDeadlock for 4
run { some waitsFor } for 4
