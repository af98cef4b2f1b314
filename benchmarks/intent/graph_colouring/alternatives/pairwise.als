// Proper colourings of undirected graphs without self-loops.

sig Colour {}

sig Vertex {
  adj: set Vertex,
  colour: one Colour
}

fact Undirected {
  adj = ~adj
}

fact NoSelfLoops {
  no iden & adj
}

// adjacent vertices get different colours
fact Proper {
  all u, v: Vertex | u -> v in adj implies u.colour != v.colour
}

pred triangle[a, b, c: Vertex] {
  a -> b + b -> c + c -> a in adj
}

assert AdjacentDiffer {
  all u: Vertex, v: u.adj | u.colour != v.colour
}

assert TriangleNeedsThree {
  all a, b, c: Vertex | triangle[a, b, c] implies #(a + b + c).colour = 3
}

check AdjacentDiffer for 4
check TriangleNeedsThree for 4
run SomeEdges { some adj } for 3
