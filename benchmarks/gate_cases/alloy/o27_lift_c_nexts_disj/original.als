module lift
open util/ordering[Floor]

sig Floor {}
one sig Lift { var at: one Floor }
var sig Open in Lift {}

pred move[f: Floor] {
  f in Lift.at.(next + prev)
  Lift.at' = f
  Open' = Open
}
pred doOpen { no Open  Open' = Lift  at' = at }
pred doClose { some Open  no Open'  at' = at }
pred idle { Open' = Open  at' = at }

fact Init { no Open and Lift.at = first }
fact Trans { always (idle or doOpen or doClose or some f: Floor | move[f]) }

assert ClosedWhileMoving { always (Lift.at' != Lift.at implies (no Open and no Open')) }

check ClosedWhileMoving for 3 but 1..8 steps
run GoUp { eventually Lift.at = last } for 3 but 1..8 steps expect 1
run OpenTop { eventually (Lift.at = last and some Open) } for 3 but 1..8 steps expect 1
run ComeBack { eventually (Lift.at = last and eventually Lift.at = first) } for 3 but 1..8 steps expect 1
