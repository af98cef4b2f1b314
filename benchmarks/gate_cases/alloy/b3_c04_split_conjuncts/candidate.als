// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Reach { Node in Head.*succ }
fact NoLoop { all n: Node | n not in n.^succ }
fact NoShare { all n: Node | lone succ.n }

// faulty: nothing stops a node pointing back into the list
assert IsList { all n: Node | n not in n.^succ and lone succ.n }
check IsList for 4
run { some succ } for 4
