// A singly linked list hanging off one head node; no node has two predecessors.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Inj { all n: Node | lone succ.n }
fact Reach {
  all n: Node | n = Head and no succ.n
    or n != Head and n in Head.^succ
}

// faulty: the last node may point back to the head
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
