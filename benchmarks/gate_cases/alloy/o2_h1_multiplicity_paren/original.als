sig B {}
sig C {}
sig A { f: set (B + C) }
assert LoneF { all a: A | lone a.f }
check LoneF for 3
run {} for 3
