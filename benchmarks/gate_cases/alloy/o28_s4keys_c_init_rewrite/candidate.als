sig Tag {}
sig Key { tag: lone Tag }
var sig Issued in Key {}
var sig Used in Key {}
fact Keys { some Key }
fact Tags { all k: Key | one k.tag }
fact Init { no Issued and no Used  always no Used - Issued }
pred issue[k: Key] { k not in Issued  Issued' = Issued + k  Used' = Used }
pred use[k: Key] { Used' = Used + k  Issued' = Issued }
pred skip { Issued' = Issued  Used' = Used }
fact Trans { always (skip or some k: Key | issue[k] or use[k]) }
assert UsedIssued { always Used in Issued }
check UsedIssued for 3 but 4 steps
run Scenario { eventually some Used } for 3 but 4 steps expect 1
