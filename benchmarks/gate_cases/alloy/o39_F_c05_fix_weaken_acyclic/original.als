module packages

abstract sig Package {
  deps: set Package,
  conflicts: set Package
}
sig Lib, App extends Package {}
sig Installed in Package {}

fact DepsAcyclic { no p: Package | p in p.^deps }
fact NothingNeedsApps { no Package.deps & App }
fact ConflictSymmetric { conflicts = ~conflicts }
fact NoSelfConflict { no iden & conflicts }
fact Closed { Installed.deps in Installed }
// two installed packages never conflict
fact NoClash { no p: Installed | p in p.conflicts }

assert Consistent { no (Installed -> Installed) & conflicts }
assert DepsPresent { all p: Installed | p.deps in Installed }

check Consistent for 4
check DepsPresent for 4
run install { some Installed & App and some conflicts and some deps } for 4
