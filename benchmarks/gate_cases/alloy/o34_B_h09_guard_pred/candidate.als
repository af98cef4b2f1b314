open util/ordering[State]

sig Account { limit: Int }
sig State { balance: Account -> one Int }

fact limits { all a: Account | a.limit >= 0 and a.limit <= 3 }

pred withdraw[s, t: State, a: Account, n: Int] {
  n > 0 and n <= 4
  canWithdraw[s, a, n]
  t.balance[a] = minus[s.balance[a], n]
  all b: Account - a | t.balance[b] = s.balance[b]
}

pred deposit[s, t: State, a: Account, n: Int] {
  n > 0 and n <= 4
  plus[s.balance[a], n] <= 8
  t.balance[a] = plus[s.balance[a], n]
  all b: Account - a | t.balance[b] = s.balance[b]
}

pred canWithdraw[s: State, a: Account, n: Int] { minus[s.balance[a], n] >= negate[a.limit] }

pred skip[s, t: State] { t.balance = s.balance }

fact init { all a: Account | first.balance[a] = 0 }

fact transitions {
  all s: State - last | let t = s.next {
    skip[s, t] or (some a: Account, n: Int | withdraw[s, t, a, n] or deposit[s, t, a, n])
  }
}

assert WithinOverdraft { all s: State, a: Account | s.balance[a] >= negate[a.limit] }

check WithinOverdraft for 3 but 4 State, 5 Int
run overdrawn { some s: State, a: Account | s.balance[a] < 0 } for 3 but 4 State, 5 Int
run depositThenWithdraw { some a: Account | last.balance[a] > 0 and some s: State | s.balance[a] > last.balance[a] } for 3 but 4 State, 5 Int
