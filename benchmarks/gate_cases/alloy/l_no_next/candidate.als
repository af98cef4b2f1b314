// A singly linked list (written for fmrepair's demo).
// The fact Acyclic is meant to say that no node can reach itself by following next.
sig Node {
  next: lone Node
}

one sig List {
  head: lone Node
}

// every node is reachable from the head
fact Reachable {
  all n: Node | n in List.head.*next
}

// the list has no cycles
fact Acyclic {
  no Node.next
}

assert NoSelfLoop {
  no n: Node | n = n.next
}

assert HeadHasNoPredecessor {
  no n: Node | n.next = List.head
}

check NoSelfLoop for 5
check HeadHasNoPredecessor for 5
run {} for 3
