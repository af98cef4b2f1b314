// A mail client with an inbox and a trash folder (Alloy 6).
// Deleting moves a message to the trash, restoring moves it back,
// emptying the trash discards everything in it.

sig Message {}

one sig Mailbox {
  var inbox: set Message,
  var trash: set Message
}

pred receive[m: Message] {
  m not in Mailbox.inbox + Mailbox.trash
  Mailbox.inbox' = Mailbox.inbox + m
  Mailbox.trash' = Mailbox.trash
}

pred delete[m: Message] {
  m in Mailbox.inbox
  Mailbox.inbox' = Mailbox.inbox - m
  Mailbox.trash' = Mailbox.trash + m
}

pred restore[m: Message] {
  m in Mailbox.trash
  Mailbox.trash' = Mailbox.trash - m
  Mailbox.inbox' = Mailbox.inbox + m
}

pred emptyTrash {
  some Mailbox.trash
  no Mailbox.trash'
}

pred idle {
  Mailbox.inbox' = Mailbox.inbox
  Mailbox.trash' = Mailbox.trash
}

fact Init {
  no Mailbox.inbox
  no Mailbox.trash
}

fact Traces {
  always (idle or some m: Message | receive[m] or delete[m] or restore[m])
}

assert FoldersDisjoint {
  always no Mailbox.inbox & Mailbox.trash
}

// a message only leaves the inbox by going to the trash
assert LeavesInboxOnlyToTrash {
  always all m: Message | (m in Mailbox.inbox and m not in Mailbox.inbox') implies m in Mailbox.trash'
}

check FoldersDisjoint for 3 but 6 steps
check LeavesInboxOnlyToTrash for 3 but 6 steps
run SomeMail { eventually some Mailbox.trash } for 3 but 5 steps
