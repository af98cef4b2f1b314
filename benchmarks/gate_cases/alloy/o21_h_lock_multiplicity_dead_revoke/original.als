sig Client {}
one sig Lock { var holder: set Client }

fact { no Lock.holder }

pred acquire[c: Client] { c not in Lock.holder and Lock.holder' = Lock.holder + c }
pred release[c: Client] { c in Lock.holder and Lock.holder' = Lock.holder - c }
-- the lock server revokes a duplicate grant
pred revoke[c: Client]  { c in Lock.holder and some Lock.holder - c and Lock.holder' = Lock.holder - c }
pred idle { holder' = holder }

fact { always (idle or some c: Client | acquire[c] or release[c] or revoke[c]) }

assert Exclusive { always lone Lock.holder }
check Exclusive for 3 but 6 steps
