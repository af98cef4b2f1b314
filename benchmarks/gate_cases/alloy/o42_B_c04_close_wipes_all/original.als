module clubs

sig Name {}
var sig Account in Name {}
sig Club {
  banned: set Name,
  var members: set Account
}

fact Init {
  no Account
  no members
}

pred register[n: Name] {
  n not in Account
  Account' = Account + n
  members' = members
}

pred join[c: Club, n: Name] {
  n in Account
  n not in c.banned
  members' = members + c -> n
  Account' = Account
}

pred quit[c: Club, n: Name] {
  n in c.members
  members' = members - c -> n
  Account' = Account
}

-- closing an account also drops its memberships
pred close[n: Name] {
  n in Account
  Account' = Account - n
}

pred idle {
  Account' = Account
  members' = members
}

fact Steps {
  always (idle or
    (some n: Name | register[n] or close[n]) or
    (some c: Club, n: Name | join[c, n] or quit[c, n]))
}

assert NoBanned { always no members & banned }
check NoBanned for 3 but 8 steps

run ClosedAfterJoin { some n: Name, c: Club | eventually (n in c.members and eventually n not in Account) } for 3 but 8 steps
