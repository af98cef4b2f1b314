// A list hanging off one head node; every node is reached from it.
sig Node { succ: lone Node }
one sig Head extends Node {}

fact Reach {
  all n: Node {
    n in Head.*succ
  }
}

assert Acyclic { all n: Node | n not in n.^succ }
check Acyclic for 4
run { some succ } for 4
