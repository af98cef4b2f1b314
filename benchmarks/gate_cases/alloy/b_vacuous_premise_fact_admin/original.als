// Access control with audit logs (written for fmrepair's gate cases).
enum Role { Admin, Staff, Guest }
sig Resource {}
sig Session { on: one Resource }
sig Entry { about: one Session }
sig User { role: one Role, sessions: set Session, audit: set Entry }

fact OwnSessions { all s: Session | one sessions.s }
fact OwnEntries { all e: Entry | one audit.e and e.about in audit.e.sessions }

// faulty: nothing makes an admin's sessions audited
assert AdminAudited { all u: User | u.role = Admin implies u.sessions in u.audit.about }
check AdminAudited for 3 expect 0
run { some sessions and some audit } for 3
