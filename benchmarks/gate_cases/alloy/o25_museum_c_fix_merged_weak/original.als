// Museum collection: artworks are displayed, stored, or lent to other museums
sig Museum {}
sig Artwork { var lentTo: lone Museum }
var sig OnDisplay in Artwork {}

pred lend[a: Artwork, m: Museum] {
  a in OnDisplay
  no a.lentTo
  lentTo' = lentTo + a -> m
  OnDisplay' = OnDisplay
}
pred giveBack[a: Artwork] {
  some a.lentTo
  lentTo' = lentTo - a -> a.lentTo
  OnDisplay' = OnDisplay
}
pred hang[a: Artwork] {
  a not in OnDisplay
  no a.lentTo
  OnDisplay' = OnDisplay + a
  lentTo' = lentTo
}
pred stay { OnDisplay' = OnDisplay and lentTo' = lentTo }

fact Init { no lentTo }
fact Trans {
  always (stay or (some a: Artwork, m: Museum | lend[a, m]) or (some a: Artwork | giveBack[a] or hang[a]))
}

assert LentNotShown { always no OnDisplay & lentTo.Museum }
check LentNotShown for 3 but 6 steps
run Tour { eventually some lentTo } for 3 but 6 steps expect 1
