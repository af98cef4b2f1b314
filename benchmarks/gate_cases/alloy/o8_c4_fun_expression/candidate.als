// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

fun listed: set Node { Head.*succ - { x: Node | x in x.^succ } }
fact Reach { Node in listed }

assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
