// Package manager (static model).
// Packages depend on other packages. Whatever is installed must have its
// dependencies installed as well, and dependencies must never form a cycle.

sig Package {
  depends: set Package
}

sig Installed in Package {}

// no package depends on itself, directly or through other packages
fact Acyclic {
  depends = depends.depends + depends
  no p: Package | p in p.depends
}

// the dependencies of an installed package are installed too
fact Closed {
  Installed.depends in Installed
}

// a package can be removed when no installed package needs it
pred removable[p: Package] {
  p in Installed
  no depends.p & Installed
}

assert NoCycles {
  all p: Package | p not in p.^depends
}

assert AllDepsInstalled {
  all p: Installed, q: p.^depends | q in Installed
}

check NoCycles for 4
check AllDepsInstalled for 4
run ShowDeps { some p: Installed | some p.depends } for 4
run SomeRemovable { some p: Package | removable[p] and some p.depends } for 4
