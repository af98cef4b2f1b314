module ward

abstract sig Sex {}
one sig F, M extends Sex {}

sig Ward {}
sig Isolation in Ward {}

sig Bed {
  ward: one Ward
}

sig Patient {
  sex: one Sex,
  bed: lone Bed
}
sig Infectious in Patient {}

fact OnePerBed {
  all b: Bed | lone bed.b
}

fact SingleSexWards {
  all w: Ward | lone (bed.ward).w.sex
}

// infectious patients are placed in isolation wards
fact IsolationRule {
  some Infectious.bed implies some Infectious.bed.ward & Isolation
}

// isolation wards are reserved for infectious patients
fact IsolationReserved {
  all p: Patient - Infectious | no p.bed.ward & Isolation
}

assert NoCrossInfection {
  all p: Infectious, q: Patient - Infectious | no p.bed.ward & q.bed.ward
}

assert IsolationOnlyInfectious {
  all w: Isolation | (bed.ward).w in Infectious
}

check NoCrossInfection for 4
check IsolationOnlyInfectious for 4

run Admitted { some Infectious.bed and some (Patient - Infectious).bed } for 4
run TwoIsolated { some disj p, q: Infectious | some p.bed and some q.bed } for 4
run WaitingList { some p: Infectious | no p.bed } for 4
