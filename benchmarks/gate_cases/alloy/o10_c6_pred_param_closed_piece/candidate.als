// A singly linked list hanging off a head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

// the list that starts at h covers every node
pred wellFormed[h: Head] { all n: Node | n in h.*succ and no (n & n.^succ) }

fact Reach { all h: Head | wellFormed[h] }

// faulty: nothing stops the tail from pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some Node - Head } for 4
