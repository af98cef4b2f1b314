sig Account { bal: Int }
// faulty: overdraft allowed
fact Floor { all a: Account | a.bal > -3 }
fact Fix { all a: Account | a.bal = 0 or a.bal > 2 }
assert NonNeg { all a: Account | a.bal >= 0 }
check NonNeg for 3 expect 0
run { some a: Account | a.bal > 2 } for 3
