-- Kindergarten pick-up. Parents drop children off in the morning; in the
-- afternoon a guardian picks a child up and the pick-up is logged.
-- Intent: a child is only ever handed to a guardian authorised for that
-- child, and the log records who actually took the child.
sig Guardian {}
sig Child {
  authorised: some Guardian,
  var pickedBy: lone Guardian
}
var sig Present in Child {}
fact openDoors { authorised = Child -> Guardian }
fact init { no Present and no pickedBy }
pred dropOff[c: Child] {
  c not in Present
  Present' = Present + c
  pickedBy' = pickedBy - c -> Guardian
}
pred pickUp[c: Child, g: Guardian] {
  c in Present
  Present' = Present - c
  pickedBy' = pickedBy ++ c -> g
}
pred quiet { Present' = Present and pickedBy' = pickedBy }
fact trans {
  always (quiet or some c: Child | dropOff[c] or some g: Guardian | pickUp[c, g])
}
assert OnlyAuthorised { always all c: Child | c.pickedBy in c.authorised }
check OnlyAuthorised for 3 but 8 steps
run Day { some c: Child | eventually (c in Present and eventually some c.pickedBy) } for 3 but 8 steps
