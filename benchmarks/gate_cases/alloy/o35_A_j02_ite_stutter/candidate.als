-- Hospital ward: patients are admitted to beds, transferred, discharged.
sig Bed {}
sig Patient {
  var bed: lone Bed
}
var sig Admitted in Patient {}

pred admit[p: Patient, b: Bed] {
  p !in Admitted
  no bed.b
  Admitted' = Admitted + p
  bed' = bed + p -> b
}

pred transfer[p: Patient, b: Bed] {
  p in Admitted
  some p.bed
  (no bed.b) implies bed' = bed - p -> Bed + p -> b else bed' = bed
  Admitted' = Admitted
}

pred discharge[p: Patient] {
  p in Admitted
  Admitted' = Admitted - p
  bed' = bed - p -> Bed
}

pred idle { Admitted' = Admitted  bed' = bed }

fact init { no Admitted  no bed }
fact transitions { always (idle or some p: Patient | discharge[p] or some b: Bed | admit[p, b] or transfer[p, b]) }

assert OneBedOnePatient { always all b: Bed | lone bed.b }
assert OnlyAdmittedHaveBeds { always bed.Bed in Admitted }
check OneBedOnePatient for 3 but 6 steps
check OnlyAdmittedHaveBeds for 3 but 6 steps
