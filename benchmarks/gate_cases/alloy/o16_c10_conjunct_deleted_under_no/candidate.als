// Employees and managers.
sig Employee { manager: lone Employee }
sig Contractor in Employee {}

fact OneBoss { lone e: Employee | no e.manager }
// no contractor manages themselves, directly or through others
fact ContractorChain { no e: Employee | e in e.^manager }

// faulty: staff may still sit on a management loop
assert Hierarchy { all e: Employee | e not in e.^manager }
check Hierarchy for 4
run { some Contractor and some manager } for 4
