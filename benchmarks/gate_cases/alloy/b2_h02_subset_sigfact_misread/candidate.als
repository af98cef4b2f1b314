// A forum: users collect strikes; a post is visible exactly when its author has no strike.
abstract sig Bool {}
one sig True, False extends Bool {}
sig Strike {}
sig User { strikes: set Strike }
sig Moderator in User {} { some author.this implies no strikes }
sig Post { author: one User, visible: one Bool }

fact Visibility { all p: Post | p.visible = True iff no p.author.strikes }

// faulty: nothing keeps a posting moderator free of strikes
assert ModeratorPostsVisible { all p: Post | p.author in Moderator implies p.visible = True }
check ModeratorPostsVisible for 3
run { some Moderator and some Post } for 3
