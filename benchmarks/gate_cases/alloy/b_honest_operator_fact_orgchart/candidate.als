// A company's chain of command (written for fmrepair's gate cases).
sig Emp { manager: lone Emp }
one sig CEO extends Emp {}

fact Top { no CEO.manager and all e: Emp - CEO | one e.manager }
// faulty: this only rules out managing oneself directly
fact NoSelfManagement { no e: Emp | e in e.^manager }

assert ChainEndsAtCEO { all e: Emp | CEO in e.*manager }
check ChainEndsAtCEO for 4 expect 0
run { some e: Emp | some e.manager and e.manager != CEO } for 4
