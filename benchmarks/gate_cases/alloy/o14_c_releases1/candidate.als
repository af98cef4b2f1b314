sig Proc {}
var sig Crit in Proc {}
var sig Wait in Proc {}
fact Excl {
  no Proc releases (lone Crit and no (Crit & Wait))
}
assert Mutex { always lone Crit }
check Mutex for 3 but 4 steps
run { eventually some Crit } for 3 but 4 steps
