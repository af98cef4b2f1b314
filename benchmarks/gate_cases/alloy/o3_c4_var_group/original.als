sig A { var f, g: set A }
fact Init { no f }
fact Step { always f' = f + g }
assert NoSelf { always all a: A | a not in a.f }
check NoSelf for 3 but 4 steps
