module cloakroom

sig Coat {}
sig Hook {
  var stored: lone Coat
}
var sig Worn in Coat {}

fact Init {
  no stored
  Worn = Coat
}

pred deposit[c: Coat, h: Hook] {
  c in Worn
  no h.stored
  stored' = stored + h -> c
  Worn' = Worn - c
}

pred collect[h: Hook] {
  some h.stored
  stored' = stored - h -> Coat
  Worn' = Worn + h.stored
}

// staff move a coat to a free hook nearer the counter
pred tidy[from, to: Hook] {
  some from.stored
  no to.stored
  stored' = stored - from -> Coat + to -> from.stored
}

pred idle {
  stored' = stored
  Worn' = Worn
}

fact Steps {
  always (idle
    or (some c: Coat, h: Hook | deposit[c, h])
    or (some h: Hook | collect[h])
    or (some f, t: Hook | tidy[f, t]))
}

assert EveryCoatAccounted {
  always Coat = Worn + Hook.stored
}

assert NotWornAndStored {
  always no Worn & Hook.stored
}

assert OneHookPerCoat {
  always all c: Coat | lone stored.c
}

check EveryCoatAccounted for 3 but 8 steps
check NotWornAndStored for 3 but 8 steps
check OneHookPerCoat for 3 but 8 steps

run Moved { eventually some c: Coat | some disj f, t: Hook | f.stored = c and after t.stored = c } for 3 but 8 steps
run TwoStored { eventually some disj a, b: Hook | some a.stored and some b.stored } for 3 but 8 steps
