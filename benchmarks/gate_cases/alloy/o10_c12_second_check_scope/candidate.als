// A singly linked list hanging off a head node; big lists are checked separately.
sig Node { succ: lone Node }
one sig Head extends Node {}

// small lists hang off the head
fact Reach { all n: Node | #Node > 4 or (n in Head.*succ and no n & n.^succ) }

// faulty: nothing stops the tail from pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
assert HeadIsNode { Head in Node }
check Acyclic for 4
check HeadIsNode for 5
run { some Node - Head } for 4
