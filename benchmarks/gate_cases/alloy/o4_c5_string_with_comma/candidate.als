sig A { s: set "a,b" + "d" + "e" - "a,b" }
assert NoC { all x: A | "c" not in x.s }
check NoC for 3
