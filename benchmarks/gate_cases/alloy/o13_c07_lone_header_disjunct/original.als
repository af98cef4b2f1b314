sig Node { next: lone Node }
sig Root in Node {}
fact OnePred { all n: Node | lone m: Node | m.next = n }
assert OneRoot { lone Root }
check OneRoot for 4
run { some Root } for 4
