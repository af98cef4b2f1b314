// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Reach { all n: Node | n in Head.*succ }
// the fix: nothing points back to the head, and no node has two predecessors
fact Shape { no succ.Head and all n: Node | lone succ.n }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
fmrepair_probe_show: run { some succ } for 4
