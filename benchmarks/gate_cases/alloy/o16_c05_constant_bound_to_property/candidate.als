// One account over a util/ordering trace of days.
open util/ordering[Day]

sig Day { bal: one Int }

pred deposit[d, d2: Day, amt: Int] { amt > 0 and amt <= 3 and d2.bal = d.bal.plus[amt] }
// faulty: no check that the balance covers the amount
pred withdraw[d, d2: Day, amt: Int] { amt > 0 and d2.bal = d.bal.minus[amt] }

fact Start { first.bal = 0 }
fact Steps { all d: Day - last | some amt: Int | deposit[d, d.next, amt] or withdraw[d, d.next, amt] }
// keep the arithmetic away from the bitwidth's wrap-around
fact Range { all d: Day | d.bal >= 0 and d.bal <= 6 }

assert NeverOverdrawn { all d: Day | d.bal >= 0 }
check NeverOverdrawn for 3 but 4 Day, 4 Int
run { some d: Day | d.bal > 0 } for 3 but 4 Day, 4 Int
