// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

let wellFormed = Node in Head.*succ and (all n: Node | n not in n.^succ)

fact Reach { wellFormed }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
