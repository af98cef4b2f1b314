// Apiary registry: hives, their queen and their workers
sig Bee {}
sig Hive {
  queen: lone Bee,
  workers: set Bee
}

fact Colony {
  // a queen is never a worker
  all h: Hive | h.queen not in h.workers
  // a worker belongs to at most one hive
  all b: Bee | lone workers.b
  // a queen rules at most one hive
  all h: Hive | lone h.queen
  // a hive with workers has a queen
  all h: Hive | some h.workers implies some h.queen
}

assert QueensDontWork { no Hive.queen & Hive.workers }
assert OneHivePerQueen { all disj h, g: Hive | no h.queen & g.queen }
assert WorkersServeAQueen { all b: Hive.workers | some h: Hive | b in h.workers and some h.queen }
check QueensDontWork for 4
check OneHivePerQueen for 4
check WorkersServeAQueen for 4
run Busy { some h: Hive | #h.workers > 1 } for 4 expect 1
