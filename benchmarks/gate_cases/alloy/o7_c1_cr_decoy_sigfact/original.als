sig Node { succ: set Node }
assert LoneSucc { all n: Node | lone n.succ }
check LoneSucc for 3
run { some succ } for 3
