// A singly linked list hanging off one head node, and a lock.
sig Node { succ: lone Node }
one sig Head extends Node {}

sig Proc {}
one sig Lock { holder: lone Proc, waiting: set Proc, queued: set Proc }

pred wellFormed {
  no iden & ^succ
  all n: Node | n in Head.*succ
  all n: Node | no n & n.^succ
}
fact Shape { wellFormed }
fact Idle { Lock.waiting = Lock.queued }
// the fix: the holder has left the queue
fact Leave { no Lock.holder & Lock.queued }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
// faulty: the holder may also be waiting
assert NotBoth { no Lock.holder & Lock.waiting }
check Acyclic for 4
check NotBoth for 4
run { some succ and some Lock.holder } for 4
