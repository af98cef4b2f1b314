// Social network: friendships, blocks and friend suggestions.
sig Person {
  friends: set Person,
  blocked: set Person,
  suggested: set Person
}

fact Mutual { friends = ~friends and no iden & friends }
fact NoFriendBlocked { all p: Person | no p.friends & p.blocked }
// suggest friends of friends who are not already friends
fact Suggest { all p: Person | p.suggested = p.friends.friends - p.friends - p - p.blocked }

assert NoSelfSuggest { all p: Person | p not in p.suggested }
assert NoBlockedSuggest { all p: Person | no p.suggested & p.blocked }
check NoSelfSuggest for 4
check NoBlockedSuggest for 4

pred someSuggestion { some p: Person | some p.suggested }
run someSuggestion for 4 expect 1
