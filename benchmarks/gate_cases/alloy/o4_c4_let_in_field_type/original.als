sig Y {}
sig G extends Y {}
sig H extends G {}
sig A { f: let a = Y, b = Y | a & b }
assert InG { all x: A | x.f in G }
check InG for 3
