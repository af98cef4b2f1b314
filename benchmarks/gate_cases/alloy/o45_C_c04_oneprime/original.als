module forum
-- Users publish posts; a user who quits the forum takes their posts
-- out of view. Authors and friendships do not change.
-- Intent: every visible post has an active author.
sig User { friends: set User }
sig Post { author: one User }
var sig Active in User {}
var sig Visible in Post {}

fact Init { Active = User and no Visible }

pred publish[p: Post] {
  p not in Visible
  p.author in Active
  Visible' = Visible + p
  Active' = Active
}

pred hide[p: Post] {
  p in Visible
  Visible' = Visible - p
  Active' = Active
}

-- a user leaves: they are no longer active and their posts go out of view
pred quit[u: User] {
  u in Active
  Active' = Active - u
  Visible' = Visible
}

pred rejoin[u: User] {
  u not in Active
  Active' = Active + u
  Visible' = Visible
}

pred skip { Active' = Active and Visible' = Visible }

fact Steps {
  always (skip or (some p: Post | publish[p] or hide[p]) or
          (some u: User | quit[u] or rejoin[u]))
}

assert VisibleHasActiveAuthor { always Visible.author in Active }
check VisibleHasActiveAuthor for 3 but 6 steps
run Churn { eventually (some Visible and eventually some User - Active) } for 3 but 6 steps
