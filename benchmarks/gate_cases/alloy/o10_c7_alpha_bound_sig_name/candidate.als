// A singly linked list hanging off a head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

// every node hangs off the head
fact Reach { all n: Node | n in Head.*succ and (all Head: Node | no (Head & Head.^succ)) }

// faulty: nothing stops the tail from pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some Node - Head } for 4
