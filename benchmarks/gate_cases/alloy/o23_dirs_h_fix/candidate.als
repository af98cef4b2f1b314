// Directories: each directory has at most one parent; every chain of parents ends in a root.
sig File {}
sig Dir { parent: lone Dir, files: set File }

// no directory is its own ancestor
fact NoCycle { all d: Dir | d not in d.^parent }
// a directory with a parent reaches a root
fact Rooted { all d: Dir | some d.parent implies some r: d.^parent | no r.parent }
// each file sits in one directory
fact OneHome { all f: File | one files.f }

assert FilesHomed { all f: File | some files.f }
check FilesHomed for 3

pred nested { some d: Dir | some d.parent.parent }
run nested for 3 expect 1
