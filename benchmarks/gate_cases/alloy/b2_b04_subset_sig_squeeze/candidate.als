// A forum: users write posts; moderators (a subset of users) may flag posts.
sig User { posts: set Post }
sig Moderator in User {} { some posts }
sig Post { author: one User, flaggedBy: lone User }

fact Forum {
  posts = ~author
  some Post
  all p: Post | p.flaggedBy in Moderator
}

// faulty: nothing says that only active members (with a post of their own) may flag
assert FlaggersAreActive { all p: Post | all u: p.flaggedBy | some u.posts }
check FlaggersAreActive for 3
run { some p: Post | some p.flaggedBy } for 3
