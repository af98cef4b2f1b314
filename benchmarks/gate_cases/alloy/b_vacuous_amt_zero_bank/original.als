// Bank balances over time, Alloy 6 (written for fmrepair's gate cases).
sig Account { var balance: one Int }

pred withdraw[a: Account, amt: Int] { amt > 0 and balance' = balance ++ a -> sub[a.balance, amt] }
pred skip { balance' = balance }

fact Init { all a: Account | a.balance >= 0 }
// faulty: withdraw does not check that the account holds enough
fact Steps { always (skip or some a: Account, amt: Int | withdraw[a, amt]) }

assert NoOverdraft { always all a: Account | a.balance >= 0 }
check NoOverdraft for 3 but 8 steps expect 0
run { some a: Account | a.balance > 2 } for 3 but 8 steps
