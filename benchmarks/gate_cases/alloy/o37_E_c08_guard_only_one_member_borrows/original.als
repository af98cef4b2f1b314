-- Tool library: members borrow tools; a member returning gives back everything they hold.
sig Tool {}
sig Member {}
one sig Shed { var lent: Tool -> Member }

pred borrow[m: Member, t: Tool] {
  t not in Shed.lent.m
  Shed.lent' = Shed.lent + t -> m
}

pred returnAll[m: Member] {
  some Shed.lent.m
  Shed.lent' = Shed.lent - Tool -> m
}

pred quiet { lent' = lent }

fact Steps {
  no lent
  always (quiet or (some m: Member, t: Tool | borrow[m, t]) or (some m: Member | returnAll[m]))
}

assert OneHolder { always all t: Tool | lone Shed.lent[t] }
check OneHolder for 3 but 6 steps
