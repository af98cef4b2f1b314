// Paper reviewing (written for fmrepair's gate cases).
sig Person {}
sig Paper { authors: some Person, reviewers: set Person }

// faulty: 'not in' only forbids reviewer sets that consist of authors alone
fact NoConflict { all p: Paper | some p.reviewers implies p.reviewers not in p.authors }

assert NoSelfReview { all p: Paper | no p.authors & p.reviewers }
check NoSelfReview for 4 expect 0
run Conference { some reviewers } for 6
