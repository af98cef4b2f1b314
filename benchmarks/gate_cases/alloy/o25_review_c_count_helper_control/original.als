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
  // each paper gets two or three reviewers
  all p: Paper | #p.reviewers >= 2 and #p.reviewers <= 3
  // a track chair does not review in their track
  all p: Paper | p.track.chair not in p.authors
  // no reviewer has co-authored with the paper's authors
  all p: Paper, r: p.reviewers | no (authors.r).reviewers & p.authors
}

assert NoConflict { all p: Paper, r: p.reviewers | no (authors.r).authors & p.authors }
assert ChairsDontReview { all p: Paper | p.track.chair not in p.reviewers }
check NoConflict for 4
check ChairsDontReview for 4
run Busy { some p: Paper | some q: Paper - p | some p.reviewers & q.reviewers } for 4 expect 1
