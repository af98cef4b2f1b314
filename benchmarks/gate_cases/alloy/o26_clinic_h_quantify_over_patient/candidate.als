module clinic

sig Specialty {}
sig Doctor { spec: one Specialty }
sig Patient { needs: one Specialty }
sig Slot {}

sig Appt {
  doc: one Doctor,
  pat: one Patient,
  at: one Slot
}

fact DoctorFree { all disj a, b: Appt | a.doc = b.doc implies a.at != b.at }

// a patient is never booked twice at once
fact PatientFree {
  all p: Patient | all disj a, b: pat.p | a.at != b.at
}

fact Matching { all a: Appt | a.doc.spec = a.pat.needs }

assert NoDoctorClash { all disj a, b: Appt | a.at = b.at implies a.doc != b.doc }
check NoDoctorClash for 4

run FollowUp { some disj a, b: Appt | a.pat = b.pat and a.doc = b.doc } for 4 expect 1
