check { all a: Appointment | a.patient.needs in a.doctor.specialties } for 4 expect 0
run { some a: Appointment | #a.doctor.specialties > 1 } for 4 expect 1
run { some d: Doctor | #d.specialties = 2 and #busy[d] = 2 and #(doctor.d).patient.needs = 2 } for 4 expect 1
run { some d: Doctor | some d.specialties - Patient.needs } for 4 expect 1
run { some disj a1, a2: Appointment | a1.slot = a2.slot } for 4 expect 1
