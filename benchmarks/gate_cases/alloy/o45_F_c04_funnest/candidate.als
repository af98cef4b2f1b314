module orgchart
-- Each employee has at most one manager. Nobody manages themselves,
-- directly or through a chain of managers. A manager has at most three
-- direct reports.
sig Employee { manager: lone Employee }

fact Reports { all m: Employee | #manager.m =< 3 }

-- no chain of command leads back to where it started
-- the employee and their manager
fun upto[x: set Employee]: set Employee { x + x.manager }

fact NoSelfManagement { no e: Employee | e in upto[upto[upto[upto[upto[upto[upto[upto[e.manager]]]]]]]] }

assert NoCycle { no e: Employee | e in e.^manager }
check NoCycle for 5
run Team { some m: Employee | #manager.m = 2 } for 5
