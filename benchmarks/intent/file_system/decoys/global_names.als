// A hierarchical file system: directories contain files and directories,
// everything hangs under a single root directory.

sig Name {}

abstract sig Object {
  name: one Name
}

sig File extends Object {}

sig Dir extends Object {
  contents: set Object
}

one sig Root extends Dir {}

// the root has no parent
fact RootIsTop {
  no contents.Root
}

// every other object sits in exactly one directory
fact OneParent {
  all o: Object - Root | one contents.o
}

// a directory never contains itself, directly or indirectly
fact NoCycles {
  no d: Dir | d in d.^contents
}

// names are unique within a directory
fact UniqueNames {
  all disj a, b: Object | a.name != b.name
}

fun parent[o: Object]: lone Dir {
  contents.o
}

assert AllReachable {
  Object in Root.*contents
}

assert Acyclic {
  no o: Object | o in o.^contents
}

check AllReachable for 4
check Acyclic for 4
run Nested { some d: Dir - Root | some d.contents } for 4
