sig Account { var balance: one Int }

pred init { all a: Account | a.balance = 0 }

pred deposit[a: Account] {
  a.balance' = a.balance.plus[1]
  all b: Account - a | b.balance' = b.balance
}

pred withdraw[a: Account] {
  a.balance > 0
  a.balance' = a.balance.minus[1]
  all b: Account - a | b.balance' = b.balance
}

-- recovery: an overdrawn account is reset to zero by the bank
pred coverOverdraft[a: Account] {
  a.balance < 0
  a.balance' = 0
  all b: Account - a | b.balance' = b.balance
}

pred skip { all a: Account | a.balance' = a.balance }

fact { init }
fact { always (skip or some a: Account | deposit[a] or withdraw[a] or coverOverdraft[a]) }

assert NoOverdraft { always all a: Account | a.balance >= 0 }
check NoOverdraft for 3 but 4 Int, 6 steps
