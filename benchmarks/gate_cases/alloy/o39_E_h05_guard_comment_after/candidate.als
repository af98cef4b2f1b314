module pipeline
open util/ordering[Tick]

sig Service {}
sig Tick {
  tested: set Service,
  deployed: set Service,
  broken: set Service
}

pred init[t: Tick] {
  no t.tested
  no t.deployed
  no t.broken
}

pred test[t, u: Tick, s: Service] {
  s not in t.tested
  s not in t.broken
  u.tested = t.tested + s
  u.deployed = t.deployed
  u.broken = t.broken
}

pred deploy[t, u: Tick, s: Service] {
  s not in t.deployed
  u.deployed = t.deployed + s
  u.tested = t.tested
  u.broken = t.broken
  -- only a tested service goes live
  some s & t.tested
}

pred breakage[t, u: Tick, s: Service] {
  s in t.tested
  u.broken = t.broken + s
  u.tested = t.tested - s
  u.deployed = t.deployed - s
}

pred same[t, u: Tick] {
  u.tested = t.tested
  u.deployed = t.deployed
  u.broken = t.broken
}

fact progression {
  init[first]
  all t: Tick - last | same[t, t.next] or
    some s: Service | test[t, t.next, s] or deploy[t, t.next, s] or breakage[t, t.next, s]
}

assert DeployedTested { all t: Tick | t.deployed in t.tested }
assert BrokenNotLive { all t: Tick | no t.broken & t.deployed }

check DeployedTested for 3 but 6 Tick
check BrokenNotLive for 3 but 6 Tick
run liveService { some t: Tick | some t.deployed } for 3 but 6 Tick
