sig Node { link: lone Node }
sig Leader in Node {}
fact { all n: Node | n not in n.link }
assert OneLeader { lone Leader }
check OneLeader for 3
run { some link } for 3
