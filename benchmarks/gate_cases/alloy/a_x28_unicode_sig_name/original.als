sig Ölfeld { nxt: lone Ölfeld }
fact NoSelf { all n: Ölfeld | n not in n.nxt }
assert Acyclic { all n: Ölfeld | n not in n.^nxt }
check Acyclic for 3 expect 0
