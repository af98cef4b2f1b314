// Library: copies of books are lent to members; a lent copy has exactly one borrower.
sig Book {}
sig Copy { of: one Book }
sig Member { borrowed: set Copy }

fact LendingRules {
  all cp: Copy | lone borrowed.cp
  all mem: Member | #mem.borrowed <= 2
  all mem: Member, disj c1, c2: mem.borrowed | c1.of != c2.of
}

assert LimitAndDistinct { all m: Member | #m.borrowed <= 2 and #m.borrowed = #m.borrowed.of }
check LimitAndDistinct for 4
run { some m: Member | #m.borrowed = 2 } for 4
