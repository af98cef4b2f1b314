abstract sig Shape { }
sig Circle extends Shape { radius: one Int }
sig Square extends Shape { side: one Int }
fact { all c: Circle | c.radius > 0 }
fact { all s: Square | s.side > 0 }
assert HasSize { all s: Shape | some (s.(Circle <: radius) + s.(Square <: side)) }
check HasSize for 3
run { some Circle } for 3
