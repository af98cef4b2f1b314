// A singly linked list hanging off one head node; each node remembers its predecessor.
sig Node { succ: lone Node, prev: lone Node }
one sig Head extends Node {}

fact Links { prev = ~succ }
fact Reach { all prev: Node | prev in Head.*succ }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
