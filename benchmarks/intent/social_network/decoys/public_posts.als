// A social network: people befriend each other, block others, and write posts
// that are visible to the author and the author's friends.

sig Person {
  friends: set Person,
  blocked: set Person,
  posts: set Post
}

sig Post {
  visibleTo: set Person
}

fact FriendshipIsMutual {
  friends = ~friends
}

fact NoSelfRelations {
  no iden & friends
  no iden & blocked
}

// you cannot be friends with someone you blocked
fact BlockedAreNotFriends {
  all p: Person | no p.blocked & p.friends
}

// every post has an author
fact OneAuthor {
  all po: Post | one posts.po
}

// a post is visible to its author and the author's friends
fact Visibility {
  all p: Person, po: p.posts | po.visibleTo = Person - p.blocked
}

fun author[po: Post]: set Person {
  posts.po
}

assert FriendsSeePosts {
  all p: Person, po: p.posts | p.friends in po.visibleTo
}

assert BlockedCannotSee {
  all p: Person, po: p.posts | no po.visibleTo & p.blocked
}

assert EveryPostHasAudience {
  all po: Post | some po.visibleTo
}

check FriendsSeePosts for 4
check BlockedCannotSee for 4
check EveryPostHasAudience for 4
run Chatty { some p: Person | some p.friends and some p.posts } for 3
