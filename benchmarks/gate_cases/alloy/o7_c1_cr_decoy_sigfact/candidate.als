// padsig Node { succ: lone Node } { (all succ: Node | succ = succ) and ("x" = "x" implies some succ) }
fact Decoy                   { (all succ: Node | succ = succ) and ("x" = "y" implies some succ) }
assert LoneSucc { all n: Node | lone n.succ }
check LoneSucc for 3
run { some succ } for 3
