
// --- intent probes ---
check { all u: Vertex, v: u.adj | u.colour != v.colour } for 5 expect 0
check { adj = ~adj and no iden & adj } for 4 expect 0
run { some disj u, v: Vertex | u -> v not in adj and u.colour = v.colour } for 3 expect 1
run { #Vertex = 4 and #Colour = 2 and #adj = 8 } for 4 expect 1
run { some a, b, c: Vertex | triangle[a, b, c] } for 3 expect 1
run { some v: Vertex | #v.adj = 3 } for 4 expect 1
