check { always (Decided = Commit implies Participant in VotedYes) } for 3 but 7 steps expect 0
run { #Participant = 3 and eventually Decided = Commit } for 3 but 6 steps expect 1
run { #Participant = 2 and eventually (one VotedNo and no VotedYes and after Decided = Abort) } for 3 but 6 steps expect 1
check { always (some VotedNo implies always Decided != Commit) } for 3 but 7 steps expect 0
run { #Participant = 2 and eventually (#VotedYes = 1 and no VotedNo and after no Decided) } for 3 but 6 steps expect 1
