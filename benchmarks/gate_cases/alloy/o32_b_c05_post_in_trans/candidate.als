// Accounts and login sessions. Deleting a user must not leave a live session
// that belongs to a deleted user.
sig User {}
sig Session { var owner: lone User }
var sig Live in User {}
var sig Open in Session {}

fact Init { no Open and no owner }

pred signup[u: User] {
  u not in Live
  Live' = Live + u
  Open' = Open
  owner' = owner
}

pred login[u: User, s: Session] {
  u in Live
  s not in Open
  Open' = Open + s
  owner' = owner ++ s->u
  Live' = Live
}

pred logout[s: Session] {
  s in Open
  Open' = Open - s
  owner' = owner
  Live' = Live
}

pred deleteUser[u: User] {
  u in Live
  Live' = Live - u
  Open' = Open
  owner' = owner
}

pred skip { Live' = Live and Open' = Open and owner' = owner }

fact Trans {
  always (skip or (some u: User | signup[u] or (deleteUser[u] and after (Open.owner in Live)))
              or (some s: Session | logout[s])
              or (some u: User, s: Session | login[u, s]))
}

assert NoOrphan { always all s: Open | s.owner in Live }
check NoOrphan for 3 but 6 steps
