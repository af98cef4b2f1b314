// Bank accounts and their IBANs (written for fmrepair's gate cases).
sig Customer {}
sig IBAN {}
sig Account { iban: one IBAN, holder: one Customer }

fact Holders { all c: Customer | some holder.c }

// faulty: nothing says two accounts must have different IBANs
assert UniqueIBAN { all disj a, b: Account | a.iban != b.iban }
check UniqueIBAN for 3 expect 0
run { some disj a, b: Account | a.holder = b.holder } for 3
