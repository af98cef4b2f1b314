// Teams: a team has members and captains chosen among its members.
sig Person {}
sig Team { members: set Person, captain: lone members }

// faulty: a team may have several captains
assert OneCaptain { all t: Team | lone t.captain }
check OneCaptain for 3
run { some t: Team | #t.members > 1 and some t.captain } for 3
