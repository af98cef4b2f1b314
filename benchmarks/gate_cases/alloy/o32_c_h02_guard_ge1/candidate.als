// Bank accounts over an ordered sequence of states.
open util/ordering[State]

sig Account {}
sig State { balance: Account -> one Int }

fact Init { all a: Account | first.balance[a] = 0 }

pred deposit[s, s2: State, a: Account] {
  s2.balance = s.balance ++ a->(s.balance[a].plus[1])
}

pred withdraw[s, s2: State, a: Account] {
  // an account may not be overdrawn
  s.balance[a] >= 1
  s2.balance = s.balance ++ a->(s.balance[a].minus[1])
}

pred keep[s, s2: State] { s2.balance = s.balance }

fact Steps {
  all s: State - last | keep[s, s.next] or
    (some a: Account | deposit[s, s.next, a] or withdraw[s, s.next, a])
}

assert NonNegative { all s: State, a: Account | s.balance[a] >= 0 }
check NonNegative for 3 but 4 State, 4 Int
