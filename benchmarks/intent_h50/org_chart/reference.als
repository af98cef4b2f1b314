// Company org chart (static model).
// The CEO has no manager; every other employee has exactly one manager.
// Reporting lines never loop. A manager can approve expenses of anybody
// below them in the hierarchy, not only their direct reports.

sig Employee {
  manager: lone Employee
}
one sig CEO extends Employee {}

fact TopOfTree {
  no CEO.manager
}

// everybody except the CEO reports to exactly one manager
fact ReportsTo {
  all e: Employee - CEO | one e.manager
}

fact NoLoops {
  no e: Employee | e in e.^manager
}

fun directReports[e: Employee]: set Employee { manager.e }

// boss may approve e's expenses
pred canApprove[boss, e: Employee] {
  boss in e.^manager
}

assert CEOAtTheTop {
  all e: Employee - CEO | CEO in e.^manager
}

assert CEOApprovesAll {
  all e: Employee - CEO | canApprove[CEO, e]
}

check CEOAtTheTop for 4
check CEOApprovesAll for 4
run Team { some e: Employee | #directReports[e] > 1 } for 4
