// Packages and their dependencies.
sig Package { deps: set Package }
sig Vendored in Package {}

// a package is sound when, unless it is vendored, it does not depend on itself
pred Package.sound { this in Vendored or this not in this.^deps }
fact Sound { all p: Package | p.sound }
fact VendoredClosed { Vendored.deps in Vendored }

// faulty: vendored packages can still form a loop
assert NoCycles { no p: Package | p in p.^deps }
check NoCycles for 4
run { some Vendored & deps.Package } for 4
