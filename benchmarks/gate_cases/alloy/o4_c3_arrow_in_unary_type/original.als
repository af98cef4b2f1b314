sig Y {}
sig A { f: set Y.(Y -> Y) }
assert LoneF { all a: A | lone a.f }
check LoneF for 3
