module exam

sig Desk {}
sig Student {
  var desk: lone Desk
}
var sig Waiting in Student {}
var sig Submitted in Student {}

fact Init {
  no desk
  no Waiting
  no Submitted
}

pred arrive[s: Student] {
  s not in Waiting
  no s.desk
  s not in Submitted
  Waiting' = Waiting + s
  desk' = desk
  Submitted' = Submitted
}

pred sit[s: Student, d: Desk] {
  s in Waiting
  desk' = desk + s -> d
  Waiting' = Waiting - s
  Submitted' = Submitted
}

pred submit[s: Student] {
  some s.desk
  s not in Submitted
  Submitted' = Submitted + s
  desk' = desk
  Waiting' = Waiting
}

pred idle {
  desk' = desk
  Waiting' = Waiting
  Submitted' = Submitted
}

fact Steps {
  always (idle or
    (some s: Student | arrive[s] or submit[s]) or
    (some s: Student, d: Desk | sit[s, d]))
}

assert OnePerDesk { always all d: Desk | lone desk.d }
assert SubmittedSeated { always Submitted in desk.Desk }
check OnePerDesk for 3 but 8 steps
check SubmittedSeated for 3 but 8 steps

run Full { eventually (some disj a, b: Student | some a.desk and some b.desk) } for 3 but 8 steps
