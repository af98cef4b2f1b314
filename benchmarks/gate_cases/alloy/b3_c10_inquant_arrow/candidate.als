// Bank accounts: a bank keeps its accounts and the frozen ones; accounts can be closed.
sig Account {}
sig Bank { accounts: set Account, frozen: set Account }

pred inv[b: Bank] { b.frozen in b.accounts }

pred close[b, b2: Bank, a: Account] {
  a in b.accounts
  b2.accounts = b.accounts - a
  b2.frozen = b.frozen
}

pred wellFormed[b: Bank] { some b.accounts }

fact Banks { all b: Bank | wellFormed[b] and (all b2: Bank, a: Account | inv[b] and close[b, b2, a] => inv[b2]) }

// faulty: closing a frozen account leaves it frozen
assert CloseKeepsInv { all b, b2: Bank, a: Account | inv[b] and close[b, b2, a] implies inv[b2] }
check CloseKeepsInv for 3
run { some b: Bank | some b.frozen } for 3
