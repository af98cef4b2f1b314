sig A { f, g: set A }
assert NoBothSelf { all a: A | a not in a.f & a.g }
check NoBothSelf for 3
