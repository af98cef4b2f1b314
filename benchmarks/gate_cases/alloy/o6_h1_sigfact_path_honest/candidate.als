// A singly linked list hanging off one head node.
sig Node { succ: lone Node } { this in Head.*@succ
  lone @succ.this
  no @succ.Head }
one sig Head extends Node {}

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
