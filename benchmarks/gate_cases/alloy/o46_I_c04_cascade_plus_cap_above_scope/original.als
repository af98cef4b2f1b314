-- Office access control. Security issues and revokes badges; people swipe in and walk out.
-- Intent: nobody is inside without a valid badge. Entering needs a valid badge, and
-- revoking the badge of someone who is inside escorts them out at the same time.
sig Person {}
var sig Valid in Person {}
var sig Inside in Person {}

pred issue[p: Person] {
  p not in Valid
  Valid' = Valid + p
  Inside' = Inside
}

pred revoke[p: Person] {
  p in Valid
  Valid' = Valid - p
  Inside' = Inside
}

pred enter[p: Person] {
  p in Valid - Inside
  Inside' = Inside + p
  Valid' = Valid
}

pred leave[p: Person] {
  p in Inside
  Inside' = Inside - p
  Valid' = Valid
}

pred quiet { Valid' = Valid and Inside' = Inside }

fact Access {
  no Valid + Inside
  always (quiet or some p: Person | issue[p] or revoke[p] or enter[p] or leave[p])
}

assert BadgedInside { always Inside in Valid }

check BadgedInside for 3 but 7 steps
