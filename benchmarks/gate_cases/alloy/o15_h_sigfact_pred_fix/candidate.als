sig Node { next: lone Node, mark: set Node } { some mark implies ok[this] }
pred ok[n: Node] { n.next in n.mark }
assert MarkedNextMarked { all n: Node | some n.mark implies no n.next - n.mark }
check MarkedNextMarked for 4
