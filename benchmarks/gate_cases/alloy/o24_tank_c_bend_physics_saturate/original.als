// A water tank with a pump, sampled at discrete ticks. The controller must switch the
// pump off in time so that the level never exceeds the capacity of 3.
open util/ordering[Tick]
abstract sig Mode {}
one sig On, Off extends Mode {}
sig Tick { level: one Int, mode: one Mode }

fact Start { first.level = 0 and first.mode = Off }
fact Physics {
  all t: Tick - last |
    (t.mode = On implies t.next.level = plus[t.level, 1] else t.next.level = t.level)
}
fact Controller {
  all t: Tick - last | t.level >= 3 implies t.next.mode = Off
}

assert NoOverflow { all t: Tick | t.level <= 3 }
check NoOverflow for 6 Tick, 5 Int
run Full { some t: Tick | t.level = 3 } for 6 Tick, 5 Int expect 1
