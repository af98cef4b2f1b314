sig Node { link: lone Node }
lone sig Leader in Node {}
fact { all n: Node | n not in n.link }
fact Election { all x, y: Leader | x = y }
assert OneLeader { lone Leader }
check OneLeader for 3
run { some link } for 3
