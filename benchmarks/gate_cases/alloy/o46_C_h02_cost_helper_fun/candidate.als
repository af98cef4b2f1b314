-- Project staffing (static). Each employee has a daily rate, each project a budget and staff.
-- Intent: what a project's staff cost per day stays within its budget; nobody is on two projects.
sig Employee { rate: one Int }
sig Project { budget: one Int, staff: set Employee }

fact Rates { all e: Employee | e.rate > 0 and e.rate < 4 }
fact Budgets { all p: Project | p.budget >= 0 }
fact OneProject { all e: Employee | lone staff.e }
fun cost[p: Project]: Int { sum e: p.staff | e.rate }

-- cost of a project must be covered by its budget
fact Affordable { all p: Project | cost[p] <= p.budget }

assert WithinBudget { all p: Project | (sum e: p.staff | e.rate) <= p.budget }

check WithinBudget for 4 but 5 Int
run { some p: Project | #p.staff > 1 } for 4 but 5 Int
