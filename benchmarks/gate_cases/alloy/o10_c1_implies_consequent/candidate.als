// A singly linked list hanging off a head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

// every node other than the head hangs off it
fact Reach { all n: Node | n != Head implies (n in Head.^succ and no (n & n.^succ)) }

// faulty: nothing stops the tail from pointing back into the list
assert Acyclic { all n: Node | n != Head implies n not in n.^succ }
check Acyclic for 4
run { some Node - Head } for 4
