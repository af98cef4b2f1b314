sig Member {}
sig Book {
  var holder: lone Member,
  var waiting: set Member
}

pred borrow[m: Member, b: Book] {
  no b.holder
  no b.waiting
  holder' = holder + b -> m
  waiting' = waiting
}

pred reserve[m: Member, b: Book] {
  some b.holder
  m not in b.holder + b.waiting
  waiting' = waiting + b -> m
  holder' = holder
}

pred giveBack[b: Book] {
  some b.holder
  holder' = holder - b -> Member
  waiting' = waiting
}

pred idle { holder' = holder and waiting' = waiting }

fact init { no holder and no waiting }

fact trans {
  always (idle or (some b: Book | giveBack[b]) or
    (some m: Member, b: Book | borrow[m, b] or reserve[m, b]))
}

assert NoIdleWithQueue { always all b: Book | some b.waiting implies some b.holder }

check NoIdleWithQueue for 3 but 8 steps
run reserveThenGet { some m: Member, b: Book | eventually (m in b.waiting and eventually b.holder = m) } for 3 but 8 steps
run returnFree { some b: Book | eventually (some b.holder and after no b.holder) } for 3 but 8 steps
