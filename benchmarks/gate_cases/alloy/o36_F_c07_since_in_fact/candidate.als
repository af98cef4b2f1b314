module pipeline

sig Version {}

var sig Built in Version {}
var sig Tested in Version {}
var sig Deployed in Version {}
var sig Retired in Version {}

pred build[v: Version] {
  v not in Built
  Built' = Built + v
  Tested' = Tested
  Deployed' = Deployed
  Retired' = Retired
}

pred test[v: Version] {
  v in Built - Tested
  Tested' = Tested + v
  Built' = Built
  Deployed' = Deployed
  Retired' = Retired
}

pred deploy[v: Version] {
  v in Built
  v not in Deployed + Retired
  Deployed' = Deployed + v
  Built' = Built
  Tested' = Tested
  Retired' = Retired
}

pred retire[v: Version] {
  v in Deployed
  Deployed' = Deployed - v
  Retired' = Retired + v
  Built' = Built
  Tested' = Tested
}

pred stutter {
  Built' = Built
  Tested' = Tested
  Deployed' = Deployed
  Retired' = Retired
}

fact behaviour {
  no Built
  no Tested
  no Deployed
  no Retired
  always (stutter or some v: Version | build[v] or test[v] or (deploy[v] and (v in Built since v in Tested)) or retire[v])
}

assert OnlyTestedShips {
  always (all v: Deployed | once v in Tested)
}

assert RetiredStaysDown {
  always no Deployed & Retired
}

check OnlyTestedShips for 3 but 10 steps
check RetiredStaysDown for 3 but 10 steps
run release { eventually some Retired } for 3 but 10 steps
