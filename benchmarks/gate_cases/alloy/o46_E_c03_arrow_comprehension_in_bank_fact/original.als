-- Bank accounts with transfers and deposits (small integers).
-- Intent: a transfer moves exactly amt from a to b and is refused when a cannot cover it;
-- balances never go negative and never pass the cap.
sig Account { var balance: one Int }

fun cap: Int { 6 }

pred deposit[a: Account, amt: Int] {
  amt > 0
  amt <= cap.minus[a.balance]
  balance' = balance ++ a -> a.balance.plus[amt]
}

pred transfer[a, b: Account, amt: Int] {
  a != b
  amt > 0
  amt <= cap.minus[b.balance]
  balance' = balance ++ (a -> a.balance.minus[amt] + b -> b.balance.plus[amt])
}

pred skip { balance' = balance }

fact Bank {
  all a: Account | a.balance = 0
  always (skip or some a, b: Account, amt: Int | deposit[a, amt] or transfer[a, b, amt])
}

assert NonNegative { always all a: Account | a.balance >= 0 }

check NonNegative for 3 but 4 Int, 5 steps
