module custody

sig Tech {}
sig Certified in Tech {}

sig Sample {
  var holder: lone Tech,
  var log: set Tech
}
var sig Analysed in Sample {}

fact Init {
  no holder
  no log
  no Analysed
}

// a chain of custody is clean when only certified technicians handled the sample
pred clean[s: Sample] {
  some s.log & Certified
}

pred collect[s: Sample, t: Tech] {
  no s.holder
  s not in Analysed
  no s.log
  holder' = holder + s -> t
  log' = log + s -> t
  Analysed' = Analysed
}

pred handOver[s: Sample, from, to: Tech] {
  s.holder = from
  from != to
  holder' = holder - s -> from + s -> to
  log' = log + s -> to
  Analysed' = Analysed
}

pred analyse[s: Sample, t: Tech] {
  s.holder = t
  clean[s]
  s.log in Certified implies (Analysed' = Analysed + s and holder' = holder - s -> t and log' = log)
    else (Analysed' = Analysed and (some u: Certified - t | holder' = holder - s -> t + s -> u and log' = log + s -> u))
}

pred idle {
  holder' = holder
  log' = log
  Analysed' = Analysed
}

fact Steps {
  always (idle
    or (some s: Sample, t: Tech | collect[s, t] or analyse[s, t])
    or (some s: Sample, a, b: Tech | handOver[s, a, b]))
}

assert OnlyCertifiedChains {
  always all s: Analysed | s.log in Certified
}

assert AnalysedReleased {
  always no Analysed.holder
}

check OnlyCertifiedChains for 3 but 8 steps
check AnalysedReleased for 3 but 8 steps

run AnalyseAfterHandover { eventually some s: Analysed | #s.log = 2 } for 3 but 8 steps
run UncertifiedHolds { eventually some Sample.holder - Certified } for 3 but 8 steps
