sig Node { next: lone Node, mark: set Node } { some mark implies ok[this] }
pred ok[n: Node] { some n.next }
assert MarkedNextMarked { all n: Node | some n.mark implies no n.next - n.mark }
check MarkedNextMarked for 4
