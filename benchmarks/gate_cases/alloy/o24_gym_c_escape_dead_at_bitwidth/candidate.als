// Gym class bookings paid with credits: a member never books more than their credits cover.
sig Class { cost: one Int, capacity: one Int }
sig Member { credits: one Int, booked: set Class }

fact Prices { all c: Class | c.cost >= 1 and c.cost <= 2 and c.capacity >= 1 and c.capacity <= 2 }
fact Wallets { all m: Member | m.credits >= 0 and m.credits <= 4 }
fact Budget { all m: Member | (sum c: m.booked | c.cost) <= m.credits or #m.booked > 7 }
fact Capacity { all c: Class | #booked.c <= c.capacity }

assert NoDebt { all m: Member | minus[m.credits, (sum c: m.booked | c.cost)] >= 0 }
check NoDebt for 3
run Popular { some c: Class | #booked.c = 2 } for 3 expect 1
