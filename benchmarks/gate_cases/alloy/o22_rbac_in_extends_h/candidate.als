// Accounts with privilege levels: an operator is never also a guest.
sig Resource { secret: lone Resource }
sig Account { reads: set Resource }
sig Operator extends Account {}
sig Guest extends Account {}

fact GuestsPublic { all g: Guest | no g.reads.secret }
fact OperatorsRead { all o: Operator | some o.reads }

assert NoSecretGuest { all a: Account | some a.reads.secret implies a not in Guest }
assert GuestNotOperator { no Operator & Guest }
check NoSecretGuest for 4
check GuestNotOperator for 4

pred mixed { some Operator and some Guest and some Account - Operator - Guest }
run mixed for 4 expect 1
