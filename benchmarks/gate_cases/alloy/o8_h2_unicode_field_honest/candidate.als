// A singly linked list hanging off one head node.
sig Node { ñxt: lone Node }
one sig Head extends Node {}

fact Reach { all n: Node | n in Head.*ñxt }
fact NoLoopBack { no ñxt.Head
  all n: Node | lone ñxt.n }

assert Acyclic { all n: Node | n not in n.^ñxt }
check Acyclic for 4
run { some ñxt } for 4
