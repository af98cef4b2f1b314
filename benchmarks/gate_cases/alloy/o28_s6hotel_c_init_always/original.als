sig Guest {}
sig Room { var occ: lone Guest }
var sig Checked in Guest {}
fact Init { no occ  no Checked }
pred checkin[g: Guest, r: Room] { g not in Checked  no r.occ  occ' = occ + r->g  Checked' = Checked + g }
pred checkout[g: Guest] { g in Checked  occ' = occ - occ.g->g  Checked' = Checked }
pred skip { occ' = occ  Checked' = Checked }
fact Trans { always (skip or (some g: Guest | checkout[g] or some r: Room | checkin[g, r])) }
assert Registered { always Checked = Room.occ }
check Registered for 3 but 5 steps
run Stay { eventually some Checked } for 3 but 5 steps expect 1
