/*
A file system: directories hold entries (files, links or directories), there is one root directory,
and a link points to one object.
*/
abstract sig Object {}
sig File extends Object {}
sig Link extends Object {
	target : one Object
}
sig Dir extends Object {
	entries : set Object
}
one sig Root extends Dir {}
/*
No directory contains itself, directly or indirectly.
*/
pred noCycles {
	no d : Dir | d in d.^entries
}
/*
Every object is reachable from the root.
*/
pred rootReachesAll {
	Object in Root.*entries
}
/*
Every object except the root is an entry of exactly one directory.
*/
pred oneParent {
	all d : Dir | one d.entries
}
/*
The root is not an entry of any directory.
*/
pred rootHasNoParent {
	no entries.Root
}
/*
Every directory other than the root has some entry.
*/
pred noEmptyDirs {
	all d : Dir - Root | some d.entries
}
/*
Every link points to an object reachable from the root.
*/
pred linksResolve {
	Link.target in Root.*entries
}
/*
Following links from a link never leads back to it.
*/
pred noLinkLoops {
	all l : Link | l not in l.^target
}
/*======== IFF PERFECT ORACLE ===============*/
pred noCyclesOK {
	no d : Dir | d in d.^entries
}
assert noCyclesRepaired {
    noCycles[] iff noCyclesOK[]
}
--------
pred rootReachesAllOK {
	Object in Root.*entries
}
assert rootReachesAllRepaired {
    rootReachesAll[] iff rootReachesAllOK[]
}
--------
pred oneParentOK {
	all o : Object - Root | one entries.o
}
assert oneParentRepaired {
    oneParent[] iff oneParentOK[]
}
--------
pred rootHasNoParentOK {
	no entries.Root
}
assert rootHasNoParentRepaired {
    rootHasNoParent[] iff rootHasNoParentOK[]
}
--------
pred noEmptyDirsOK {
	all d : Dir - Root | some d.entries
}
assert noEmptyDirsRepaired {
    noEmptyDirs[] iff noEmptyDirsOK[]
}
--------
pred linksResolveOK {
	Link.target in Root.*entries
}
assert linksResolveRepaired {
    linksResolve[] iff linksResolveOK[]
}
--------
pred noLinkLoopsOK {
	all l : Link | l not in l.^target
}
assert noLinkLoopsRepaired {
    noLinkLoops[] iff noLinkLoopsOK[]
}
--------
-- PerfectOracleCommands
 check noCyclesRepaired expect 0
 check rootReachesAllRepaired expect 0
 check oneParentRepaired expect 0
 check rootHasNoParentRepaired expect 0
 check noEmptyDirsRepaired expect 0
 check linksResolveRepaired expect 0
 check noLinkLoopsRepaired expect 0
pred repair_pred_1{oneParent[] iff oneParentOK[] }
run repair_pred_1
assert repair_assert_1{oneParent[] iff oneParentOK[] }
check repair_assert_1
