// Warehouse bins
sig Item {}
sig Bin { holds: set Item }
fact Stored { all i: Item | one holds.i }
// sanity: counts are never negative
fact Sane { all b: Bin | plus[#b.holds, 4] >= 4 or some i: Item | #holds.i > 1 }
// faulty: nothing caps a bin at three items
assert Capacity { all b: Bin | #b.holds <= 3 }
check Capacity for 3 but 4 Item expect 0
run { some b: Bin | #b.holds = 2 } for 3 but 4 Item
