
// --- intent probes ---
check { always (Mailbox.inbox' != Mailbox.inbox implies one (Mailbox.inbox' - Mailbox.inbox) + (Mailbox.inbox - Mailbox.inbox')) } for 3 but 6 steps expect 0
check { always (no Mailbox.trash' and some Mailbox.trash and #Mailbox.trash > 1 implies Mailbox.inbox' = Mailbox.inbox) } for 3 but 6 steps expect 0
check { always no Mailbox.inbox & Mailbox.trash } for 3 but 6 steps expect 0
check { always (some Mailbox.trash - Mailbox.trash' implies (no Mailbox.trash' or Mailbox.trash - Mailbox.trash' in Mailbox.inbox')) } for 3 but 6 steps expect 0
run { eventually (some Mailbox.inbox and #Mailbox.trash = 2 and after no Mailbox.trash) } for 3 but 7 steps expect 1
run { some m: Message | eventually (m in Mailbox.trash and after m in Mailbox.inbox) } for 3 but 6 steps expect 1
run { some m: Message | eventually (m in Mailbox.inbox and after (m in Mailbox.trash and after m not in Mailbox.inbox + Mailbox.trash)) } for 3 but 6 steps expect 1
