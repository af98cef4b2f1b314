module pharmacy

sig Rx {}
var sig Verified in Rx {}
var sig Filled in Rx {}

pred init {
  no Verified
  no Filled
}

pred verify[r: Rx] {
  r not in Verified
  Verified' = Verified + r
  Filled' = Filled
}

pred fill[r: Rx] {
  r not in Filled
  Filled' = Filled + r
  Verified' = Verified
}

pred cancel[r: Rx] {
  r in Verified
  r not in Filled
  Verified' = Verified - r
  Filled' = Filled
}

pred skip {
  Verified' = Verified
  Filled' = Filled
}

fact traces {
  init
  always (skip or some r: Rx | verify[r] or fill[r] or cancel[r])
}

assert FilledOnlyVerified { always Filled in Verified }

check FilledOnlyVerified for 3 but 6 steps
run someFilled { eventually some Filled } for 3 but 6 steps
