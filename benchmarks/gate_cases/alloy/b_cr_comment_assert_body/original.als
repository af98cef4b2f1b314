// Mailboxes and messages (written for fmrepair's gate cases).
sig User {}
sig Msg { from: one User, to: some User }
sig Mailbox { owner: one User, inbox: set Msg }

fact OneBoxEach { all u: User | lone owner.u }

// faulty: a mailbox may hold messages addressed to someone else
assert OnlyOwnMail {
  all b: Mailbox, m: b.inbox | b.owner in m.to
}
check OnlyOwnMail for 3 expect 0
run { some inbox } for 3
