// Conference reviewing: papers, authors, reviewers and track chairs
sig Person {}
sig Track { chair: one Person }
sig Paper {
  authors: some Person,
  reviewers: set Person,
  track: one Track
}

fact Assignment {
  // nobody reviews their own paper
  all p: Paper | no p.authors & p.reviewers
  // the track chair does not review; two or three reviewers once reviewing starts
  all p: Paper | p.track.chair not in p.reviewers and #p.reviewers <= 3 and (some p.reviewers implies #p.reviewers >= 2)
  // no reviewer has co-authored with the paper's authors
  all p: Paper, r: p.reviewers | no (authors.r).authors & p.authors
}

assert NoConflict { all p: Paper, r: p.reviewers | no (authors.r).authors & p.authors }
assert ChairsDontReview { all p: Paper | p.track.chair not in p.reviewers }
check NoConflict for 4
check ChairsDontReview for 4
run Busy { some p: Paper | some q: Paper - p | some p.reviewers & q.reviewers } for 4 expect 1
