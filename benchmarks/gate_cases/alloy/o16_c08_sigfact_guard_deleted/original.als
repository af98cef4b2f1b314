// Workflow steps; a step may be tagged as a checkpoint.
sig Tag {}
sig Step { succ: set Step, tag: lone Tag } {
  // a tagged step never comes back to itself
  some tag implies this not in this.^@succ
}

fact Entry { some s: Step | no succ.s }

// faulty: untagged steps may loop
assert NoLoops { no iden & ^succ }
check NoLoops for 4
run { some succ and some tag } for 4
