// Leader election among nodes with numeric ids.
sig Node { id: one Int }
lone sig Leader in Node {}

// faulty: two nodes with the same (maximal) id can both become leader
fact Elect { all l: Leader, n: Node | n.id <= l.id }
fact Someone { some Node implies some Leader }

assert OneLeader { lone Leader }
check OneLeader for 3
run { some Leader } for 3
