// Access during a lockdown: while the lockdown flag is set, guests are kept out.
sig Doc {}
sig Secret in Doc {}
abstract sig User { reads: set Doc }
sig Admin, Staff, Guest extends User {}
lone sig Lockdown {}

// a guest account exists only to read something
fact GuestsRead { all g: Guest | some g.reads }

// staff never read secrets during a lockdown
fact StaffLockdown { some Lockdown implies no Staff.reads & Secret }
// guests are sent home during a lockdown (faulty: written as "guests read nothing secret")
fact GuestsOut { some Lockdown implies no Guest.reads & Doc - Secret }

assert LockdownSecrets { all u: User | some Lockdown and some u.reads & Secret implies u in Admin }
check LockdownSecrets for 4

pred busy { some Lockdown and some Admin.reads & Secret and some Staff.reads }
run busy for 4 expect 1
