abstract sig Reviewer {}
one sig Legal, Finance, Safety extends Reviewer {}
sig Doc { var reviews: set Reviewer }
var sig Drafted, Submitted, Approved, Archived in Doc {}

fact { no Drafted and no Submitted and no Approved and no Archived and no reviews }

pred draft[d: Doc]  { d not in Drafted and Drafted' = Drafted + d and Submitted' = Submitted and Approved' = Approved and Archived' = Archived and reviews' = reviews }
pred submit[d: Doc] { d in Drafted - Submitted and Submitted' = Submitted + d and Drafted' = Drafted and Approved' = Approved and Archived' = Archived and reviews' = reviews }
pred review[d: Doc, r: Reviewer] { d in Submitted and r not in d.reviews and reviews' = reviews + d->r and Drafted' = Drafted and Submitted' = Submitted and Approved' = Approved and Archived' = Archived }
pred approve[d: Doc] { d in Submitted - Approved and Approved' = Approved + d and Drafted' = Drafted and Submitted' = Submitted and Archived' = Archived and reviews' = reviews }
-- an approved document that every reviewer has signed is archived
pred archive[d: Doc] { d in Approved - Archived and Archived' = Archived + d and Drafted' = Drafted and Submitted' = Submitted and Approved' = Approved and reviews' = reviews }
pred idle { Drafted' = Drafted and Submitted' = Submitted and Approved' = Approved and Archived' = Archived and reviews' = reviews }

fact { always (idle or some d: Doc | draft[d] or submit[d] or approve[d] or archive[d] or some r: Reviewer | review[d, r]) }

assert ArchivedFullyReviewed { always all d: Archived | d.reviews = Reviewer }
check ArchivedFullyReviewed for 3 but 6 steps
