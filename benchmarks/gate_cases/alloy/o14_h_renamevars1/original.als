// Library: copies of books are lent to members; a lent copy has exactly one borrower.
sig Book {}
sig Copy { of: one Book }
sig Member { borrowed: set Copy }

fact Lending {
  all c: Copy | lone borrowed.c
  // faulty: the limit should be two copies, and a member never borrows two copies of one book
  all m: Member | #m.borrowed <= 3
}

assert LimitAndDistinct { all m: Member | #m.borrowed <= 2 and #m.borrowed = #m.borrowed.of }
check LimitAndDistinct for 4
run { some m: Member | #m.borrowed = 2 } for 4
