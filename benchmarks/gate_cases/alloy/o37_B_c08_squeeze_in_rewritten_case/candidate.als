-- Social feed: a person's feed is defined from whom they follow and who wrote what.
sig Person {
  follows: set Person,
  blocks: set Person,
  feed: set Post
} {
  all q: Post | this in q.author.@blocks implies (q in feed iff q.author in follows) and q.author not in follows else (q in feed iff q.author in follows)
}
sig Post { author: one Person }

fact NoSelf { no follows & iden  no blocks & iden }

-- nobody sees a post by someone who blocked them
assert NoBlockedPosts { all p: Person | no q: p.feed | p in q.author.blocks }
assert FeedFromFollowed { all p: Person | p.feed.author in p.follows }
check NoBlockedPosts for 4
check FeedFromFollowed for 4
