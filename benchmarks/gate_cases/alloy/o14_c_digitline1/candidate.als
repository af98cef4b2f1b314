sig Node { next: lone Node }
fact Shape {
  all n: Node {
    no (n & n.^next)
    1 = #n.next implies n.next != n
  }
}
assert Acyclic { all n: Node | n not in n.^next }
check Acyclic for 4
run { some Node.next } for 4
