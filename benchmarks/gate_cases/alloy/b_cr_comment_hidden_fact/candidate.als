// A file system whose directories can be moved (written for fmrepair's gate cases).
sig Dir {}
sig FS { dirs: set Dir, parent: dirs -> lone dirs }

pred acyclic[fs: FS] { no d: fs.dirs | d in d.^(fs.parent) }
pred move[fs, fs2: FS, d, to: Dir] {
  d + to in fs.dirs
  fs2.dirs = fs.dirs
  fs2.parent = fs.parent ++ d -> to
}

// faulty: move may put a directory under one of its own descendantsfact { all fs: FS | acyclic[fs] }
assert MoveKeepsTree { all fs, fs2: FS, d, to: Dir | acyclic[fs] and move[fs, fs2, d, to] implies acyclic[fs2] }
check MoveKeepsTree for 3 expect 0
run { some fs: FS | some fs.parent } for 3
