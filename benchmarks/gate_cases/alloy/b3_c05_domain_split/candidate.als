// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Reach { Node in Head.*succ }
fact HeadFirst { all h: Head | h !in h.^succ }
fact RestOrdered { all m: Node - Head | m !in m.^succ }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
