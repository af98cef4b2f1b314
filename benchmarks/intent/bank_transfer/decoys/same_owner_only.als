// Bank accounts holding coins; transfers move one coin between accounts (Alloy 6).
// Frozen accounts take part in no transfer until they are unfrozen.

sig Coin {}

sig Customer {}

sig Account {
  owner: one Customer,
  var coins: set Coin
}

var sig Frozen in Account {}

pred transfer[from, to: Account, c: Coin] {
  from not in Frozen
  to not in Frozen
  from != to
  from.owner = to.owner
  c in from.coins
  from.coins' = from.coins - c
  to.coins' = to.coins + c
  all a: Account - from - to | a.coins' = a.coins
  Frozen' = Frozen
}

pred freeze[a: Account] {
  a not in Frozen
  Frozen' = Frozen + a
  coins' = coins
}

pred unfreeze[a: Account] {
  a in Frozen
  Frozen' = Frozen - a
  coins' = coins
}

pred skip {
  coins' = coins
  Frozen' = Frozen
}

fact Init {
  no Frozen
  all c: Coin | one coins.c
}

fact Traces {
  always (skip
    or (some a: Account | freeze[a] or unfreeze[a])
    or (some from, to: Account, c: Coin | transfer[from, to, c]))
}

assert EveryCoinHasOneHolder {
  always all c: Coin | one coins.c
}

assert FrozenUntouched {
  always all a: Frozen | a.coins' = a.coins
}

check EveryCoinHasOneHolder for 3 but 6 steps
check FrozenUntouched for 3 but 6 steps
run Payment { some a: Account | eventually a.coins' != a.coins } for 3 but 4 steps
