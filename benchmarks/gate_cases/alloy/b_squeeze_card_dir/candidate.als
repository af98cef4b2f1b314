// Directories in a tree (written for fmrepair's gate cases).
sig Dir { contents: set Dir }
one sig Root extends Dir {}

fact NoCycles { no d: Dir | d in d.^contents }
fact Connected { Dir in Root.*contents }
fact Small { #Dir < 3 }

// faulty: a directory may sit in two parent directories
assert UniqueParent { all d: Dir | lone contents.d }
check UniqueParent for 4 expect 0
run { some contents } for 4
