// Installed packages and their dependencies (written for fmrepair's gate cases).
sig Pkg { deps: set Pkg }
sig Installed in Pkg {}

fact NoSelfDep { no p: Pkg | p in p.^deps }

// faulty: a package may be installed without its dependencies
assert Closed { Installed.deps in Installed }
check Closed for 3 -- expect 0 expect 1
run { some Installed and some deps } for 3
