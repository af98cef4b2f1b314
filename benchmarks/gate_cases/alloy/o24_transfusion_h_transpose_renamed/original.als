// Blood bank: a patient only receives units from donors whose blood group may give to theirs.
enum Group { O, A, B, AB }
sig Donor { type: one Group }
sig Patient { needs: one Group, receives: set Donor }

fun canGive: Group -> Group {
  O -> Group + A -> (A + AB) + B -> (B + AB) + AB -> AB
}

fact Matching {
  all p: Patient | p.receives.type in (p.needs).canGive
  all d: Donor | lone receives.d
}

assert Compatible { all p: Patient, d: p.receives | d.type -> p.needs in canGive }
check Compatible for 4
run UniversalRecipient { some p: Patient | p.needs = AB and some p.receives.type - AB } for 4 expect 1
