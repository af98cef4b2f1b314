// A singly linked list hanging off a head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

// the head has no predecessor
fact NoPred { no succ.Head }
// every node is the head or hangs off it
fact Reach { all n: Node | n = Head or (n in Head.^succ and no (n & n.^succ)) }

// faulty: nothing stops the tail from pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some Node - Head } for 4
