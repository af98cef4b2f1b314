-- Small social network (Alloy 6).
-- Intent: only active users have visible posts. When a user deletes their
-- account, the account is deactivated AND all of that user's posts are
-- hidden along with it.
sig User {}
sig Post { author: one User }
var sig Active in User {}
var sig Visible in Post {}

pred join[u: User] {
  u not in Active
  Active' = Active + u
  Visible' = Visible
}

pred publish[u: User, p: Post] {
  u in Active
  p not in Visible
  p.author = u
  Visible' = Visible + p
  Active' = Active
}

pred hide[p: Post] {
  p in Visible
  Visible' = Visible - p
  Active' = Active
}

-- delete the account of u (its posts should disappear with it)
pred deleteAccount[u: User] {
  u in Active
  Active' = Active - u
  Visible' = Visible
}

pred nop { Active' = Active and Visible' = Visible }

fact behaviour {
  no Active
  no Visible
  always (nop or (some u: User | join[u] or deleteAccount[u]) or
          (some u: User, p: Post | publish[u, p]) or (some p: Post | hide[p]))
}

assert VisibleOnlyByActive { always Visible.author in Active }
check VisibleOnlyByActive for 3 but 8 steps

run Leave { some u: User | eventually (u in Active and some author.u and after u not in Active) } for 3 but 6 steps
