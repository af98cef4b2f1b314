module orgchart
-- Each employee has at most one manager. Nobody manages themselves,
-- directly or through a chain of managers. A manager has at most three
-- direct reports.
sig Employee { manager: lone Employee }

fact Reports { all m: Employee | #manager.m =< 3 }

-- no chain of command leads back to where it started
fact NoSelfManagement {
  let r1 = manager + manager.manager, r2 = r1 + r1.r1, r3 = r2 + r2.r2, r4 = r3 + r3.r3 |
    no e: Employee | e in e.r4
}

assert NoCycle { no e: Employee | e in e.^manager }
check NoCycle for 5
run Team { some m: Employee | #manager.m = 2 } for 5
