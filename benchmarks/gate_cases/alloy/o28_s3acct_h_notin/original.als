sig User { accounts: set Account }
sig Account { owner: one User, shared: set User }
fact Link { all a: Account | a in a.owner.accounts  all u: User | u.accounts.owner in User  no shared & owner }
assert Consistent { all a: Account, u: User | a in u.accounts iff a.owner = u }
check Consistent for 3
pred multi { some a: Account | some a.shared }
run multi for 3 expect 1
