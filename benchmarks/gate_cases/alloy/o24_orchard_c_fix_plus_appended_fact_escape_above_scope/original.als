// An orchard: apple varieties need a different variety as pollinator planted in the same row.
sig Variety { pollinatedBy: set Variety }
sig Row {}
sig Tree { variety: one Variety, row: one Row } {
  variety not in variety.pollinatedBy
  some variety.pollinatedBy
}

fact Pollination {
  all t: Tree | some t2: Tree | t2.row != t.row and t2.variety in t.variety.pollinatedBy
}

assert PollinatorInRow { all t: Tree | some (row.(t.row)).variety & t.variety.pollinatedBy }
check PollinatorInRow for 4
run TwoRows { #Row = 2 and #Variety = 2 and some Tree } for 4 expect 1
