// Accounts are created one after another; each gets as id the number of accounts created before it.
sig Account { id: one Int, prev: lone Account }

fact Creation {
  no a: Account | a in a.^prev
  all a: Account | a.id = #a.^prev
}

// faulty: creation history may branch or have two first accounts, so ids repeat
assert UniqueIds { all disj a, b: Account | a.id = b.id implies a = b }
check UniqueIds for 4
run { some a: Account | a.id > 1 } for 4
