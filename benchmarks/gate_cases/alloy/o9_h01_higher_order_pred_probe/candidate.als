// A singly linked list hanging off one head node.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Reach { all n: Node | n in Head.*succ }
// the fix: nothing points back to the head, and no node has two predecessors
fact Shape { no succ.Head and all n: Node | lone succ.n }

// is there a set of nodes closed under succ (a loop)?
pred loopSet { some s: set Node | some s and s.succ in s }

// faulty: nothing stops the last node pointing back into the list
assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run loopSet for 4
