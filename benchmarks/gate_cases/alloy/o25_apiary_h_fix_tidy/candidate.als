// Apiary registry: hives, their queen and their workers
sig Bee {}
sig Hive {
  queen: lone Bee,
  workers: set Bee
}

fact Colony {
  // a hive with workers has a queen
  all hv: Hive | some hv.workers implies some hv.queen
  // no queen works, in her hive or any other
  all hv, other: Hive | hv.queen not in other.workers
  // each queen rules one hive at most
  all x: Bee | lone queen.x
  // two hives never share a worker
  all disj h, g: Hive | no h.workers & g.workers
}

assert QueensDontWork { no Hive.queen & Hive.workers }
assert OneHivePerQueen { all disj h, g: Hive | no h.queen & g.queen }
assert WorkersServeAQueen { all b: Hive.workers | some h: Hive | b in h.workers and some h.queen }
check QueensDontWork for 4
check OneHivePerQueen for 4
check WorkersServeAQueen for 4
run Busy { some h: Hive | #h.workers > 1 } for 4 expect 1
