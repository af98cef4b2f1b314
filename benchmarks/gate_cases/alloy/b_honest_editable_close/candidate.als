// Opening, freezing and closing bank accounts (written for fmrepair's gate cases).
sig Account {}
sig Bank { accounts: set Account, frozen: set Account }

pred inv[b: Bank] { b.frozen in b.accounts }
pred close[b, b2: Bank, a: Account] {
  a in b.accounts
  b2.accounts = b.accounts - a
  b2.frozen = b.frozen - a
}

// faulty: a frozen account stays frozen after it is closed
assert CloseKeepsInv { all b, b2: Bank, a: Account | inv[b] and close[b, b2, a] implies inv[b2] }
check CloseKeepsInv for 3 expect 0
run { some b: Bank | some b.frozen } for 3
