// Accounts with roles; resources list the accounts that may read them.
abstract sig Role {}
one sig Admin, Staff, Guest extends Role {}

let Assignable = Role

sig Account { role: one Assignable }
sig Resource { readers: set Account, secret: lone Resource }

// faulty: secret resources should only be readable by staff and admins
fact Access { all r: Resource | some r.readers }

assert GuestsNoSecrets { no r: Resource | some r.secret and some a: r.readers | a.role = Guest }
check GuestsNoSecrets for 4
run { some secret } for 4
