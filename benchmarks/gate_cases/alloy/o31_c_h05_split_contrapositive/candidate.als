module versioning
open util/ordering[Version]

sig Feature {}
sig Version { features: set Feature, deprecated: set Feature }

fact DeprecatedPresent { all v: Version | v.deprecated in v.features }
fact Evolve { all v: Version - last | v.features - v.deprecated in v.next.features }

assert RemovalAnnounced {
  all v, w: Version | lt[v, w] implies
    (all f: v.features - w.features | some u: Version | lte[v, u] and lt[u, w] and f in u.deprecated)
}

check RemovalAnnounced for 4
