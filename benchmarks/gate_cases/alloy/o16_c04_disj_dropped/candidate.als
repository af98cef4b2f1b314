// Tasks and the tasks they wait for.
sig Task { waitsFor: set Task }

// two different tasks never wait for each other, directly or through others
fact NoMutualWait { all a, b: Task | a in b.^waitsFor implies b not in a.^waitsFor }

// faulty: a task may still wait for itself
assert NoDeadlock { all t: Task | t not in t.^waitsFor }
check NoDeadlock for 4
run { some waitsFor } for 4
