// A metro turnstile, Alloy 6 (written for fmrepair's gate cases).
sig Rider {}
enum GateState { Locked, Unlocked }
one sig Gate { var state: one GateState }
var sig Paid in Rider {}
var sig Inside in Rider {}

pred pay[r: Rider] { r not in Paid + Inside and Paid' = Paid + r and Inside' = Inside and Gate.state' = Unlocked }
pred pass[r: Rider] { r not in Inside and Gate.state = Unlocked and Inside' = Inside + r and Paid' = Paid - r and Gate.state' = Locked }
pred leave[r: Rider] { r in Inside and Inside' = Inside - r and Paid' = Paid and Gate.state' = Gate.state }
pred skip { Paid' = Paid and Inside' = Inside and Gate.state' = Gate.state }

fact Init { no Paid and no Inside and Gate.state = Locked }
// faulty: anyone may walk through an unlocked gate, paid or not
fact Steps { always (skip or some r: Rider | pay[r] or pass[r] or leave[r]) }

assert OnlyPaidEnter { always (all r: Rider | r not in Inside and r in Inside' implies r in Paid) }
check OnlyPaidEnter for 3 but 8 steps expect 0
run { eventually #Inside > 1 } for 3 but 8 steps
