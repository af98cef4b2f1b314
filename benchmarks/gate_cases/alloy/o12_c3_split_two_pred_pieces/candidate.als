// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

pred wellFormed {
  no Head & Head.^succ
  all n: Node | n in Head.*succ
  all m: Node - Head | no m & m.^succ
}
fact Shape { wellFormed }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
