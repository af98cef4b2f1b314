// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

// every other node has a predecessor reachable from the head
fact Reach { all n: Node | n != Head implies some p: Node | p.succ = n and p in Head.*succ }

// faulty: nothing stops the tail pointing back into the list
assert TailAcyclic { all n: Node - Head | n not in n.^succ }
check TailAcyclic for 4
run { some succ } for 4
