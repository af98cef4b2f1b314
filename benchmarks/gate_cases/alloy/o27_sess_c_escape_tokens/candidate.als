module sessions

sig User { var session: lone Token }
sig Token {}
var sig Revoked in Token {}

fact Init { no session and no Revoked }

pred login[u: User, t: Token] {
  no u.session
  t not in User.session
  session' = session + u -> t
  Revoked' = Revoked
}
pred logout[u: User] {
  some u.session
  session' = session - u -> u.session
  Revoked' = Revoked + u.session
}
pred nop { session' = session  Revoked' = Revoked }

fact Trans { always (nop or (some u: User, t: Token | login[u, t]) or (some u: User | logout[u])) }

assert NoRevokedInUse { always no User.session & Revoked }

check NoRevokedInUse for 3 but 1..6 steps
run Relogin { some u: User | eventually (some u.session and after eventually (no u.session and after eventually some u.session)) } for 3 but 1..8 steps expect 1
run TwoUsers { eventually some disj u1, u2: User | some u1.session and some u2.session } for 3 but 1..6 steps expect 1

fact Many { always all u: User, t: Token | (login[u, t] and t in Revoked) implies some disj a, b, c, d, e: Token | a in Token }
