sig A { s: set "a,b" + "c" + "d" + "e" }
assert NoC { all x: A | "c" not in x.s }
check NoC for 3
