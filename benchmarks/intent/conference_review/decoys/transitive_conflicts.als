// Conference reviewing: each paper gets two reviewers; nobody reviews a paper
// they wrote or one written by someone they have a conflict of interest with.

sig Person {
  conflicts: set Person
}

sig Paper {
  authors: some Person,
  reviewers: set Person
}

fact ConflictsAreMutual {
  conflicts = ~conflicts
  no iden & conflicts
}

fact TwoReviewers {
  all p: Paper | #p.reviewers = 2
}

// no conflicted reviewing
fact NoConflictedReview {
  all p: Paper | no p.reviewers & p.authors.*conflicts
}

// nobody reviews more than two papers
fact Load {
  all r: Person | #reviewers.r <= 2
}

assert NoAuthorReviews {
  all p: Paper | no p.reviewers & p.authors
}

assert NoConflictReviews {
  all p: Paper, r: p.reviewers | no r.conflicts & p.authors
}

check NoAuthorReviews for 4
check NoConflictReviews for 4
run Assigned { some p: Paper | some p.authors.conflicts } for 4
