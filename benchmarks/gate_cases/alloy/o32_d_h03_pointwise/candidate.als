// Conference reviewing (static).
sig Topic {}
sig Person { expertise: set Topic }
sig Paper {
  topic: one Topic,
  authors: some Person,
  reviewers: set Person,
  lead: lone Person
}

// reviewers are experts on the paper's topic
fact Assign { all p: Paper, x: Person | x in p.reviewers implies (p.topic in x.expertise and x not in p.authors) }
// the lead reviewer is one of the reviewers
fact Lead { all p: Paper | p.lead in p.reviewers }
// every paper gets a review
fact Busy { all p: Paper | some p.reviewers }

assert NoSelfReview { all p: Paper | no p.authors & p.reviewers }
check NoSelfReview for 3
