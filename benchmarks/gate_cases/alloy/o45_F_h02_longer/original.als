module orgchart
-- Each employee has at most one manager. Nobody manages themselves,
-- directly or through a chain of managers. A manager has at most three
-- direct reports.
sig Employee { manager: lone Employee }

fact Reports { all m: Employee | #manager.m =< 3 }

-- no chain of command leads back to where it started
fact NoSelfManagement { no e: Employee | e.manager = e }

assert NoCycle { no e: Employee | e in e.^manager }
check NoCycle for 5
run Team { some m: Employee | #manager.m = 2 } for 5
