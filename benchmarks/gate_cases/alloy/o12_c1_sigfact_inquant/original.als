// A singly linked list hanging off one head node.
sig Node { succ: lone Node } {
  all m: succ | m in Head.^@succ
}
one sig Head extends Node {}

fact Reach { all n: Node | n in Head.*succ }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
