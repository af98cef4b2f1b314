// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

let wf { all n: Node | n in Head.*succ
  no iden & ^succ }
fact Reach { wf }

assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
