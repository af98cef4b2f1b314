// Clinic appointments (static model).
// Each patient needs one kind of specialist. An appointment pairs a patient
// with a doctor in a time slot. Doctors may have several specialties, but
// must have the one the patient needs.

sig Specialty {}
sig Slot {}

sig Doctor {
  specialties: set Specialty
}

sig Patient {
  needs: one Specialty
}

sig Appointment {
  doctor: one Doctor,
  patient: one Patient,
  slot: one Slot
}

// the doctor is qualified for what the patient needs
fact Qualified {
  all a: Appointment | some a.patient.needs & a.doctor.specialties
}

// a doctor sees one patient at a time
fact OneAtATime {
  all d: Doctor, s: Slot | lone (doctor.d & slot.s)
}

// a patient has at most one appointment
fact OnePerPatient {
  all p: Patient | lone patient.p
}

fun busy[d: Doctor]: set Slot { (doctor.d).slot }

assert RightSpecialist {
  all a: Appointment | some a.doctor.specialties & a.patient.needs
}

assert NoDoubleBooking {
  all disj a1, a2: Appointment | a1.doctor = a2.doctor implies a1.slot != a2.slot
}

check RightSpecialist for 4
check NoDoubleBooking for 4
run Day { some d: Doctor | #busy[d] > 1 } for 4
