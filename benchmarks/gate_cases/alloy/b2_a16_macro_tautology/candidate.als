// Bank accounts with a macro for the invariant (Alloy 'let' macro).
sig Account {}
sig Bank { accounts: set Account, frozen: set Account }

let Inv[b] { b.frozen in b.accounts or some b.frozen - b.accounts }

pred close[b, b2: Bank, a: Account] {
  a in b.accounts
  b2.accounts = b.accounts - a
  b2.frozen = b.frozen
}

fact Banks { all b: Bank | some b.accounts }

// faulty: closing a frozen account leaves it frozen
assert CloseKeepsInv { all b, b2: Bank, a: Account | Inv[b] and close[b, b2, a] implies Inv[b2] }
check CloseKeepsInv for 3
run { some b: Bank | some b.frozen } for 3
