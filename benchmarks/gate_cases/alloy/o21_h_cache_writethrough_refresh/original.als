abstract sig Value {}
one sig V0, V1, V2 extends Value {}
sig Key { var stored: one Value, var cached: one Value }

fact { all k: Key | k.cached = k.stored }

-- a write goes to the store and, write-through, to the cache
pred write[k: Key, v: Value] {
  k.stored' = v
  all j: Key - k | j.stored' = j.stored
  cached' = cached
}

-- refresh reloads one stale cache line from the store
pred refresh[k: Key] {
  k.cached' = k.stored
  all j: Key - k | j.cached' = j.cached
  stored' = stored
}

pred idle { stored' = stored and cached' = cached }

fact { always (idle or some k: Key | refresh[k] or some v: Value | write[k, v]) }

assert Coherent { always all k: Key | k.cached = k.stored }
check Coherent for 3 but 6 steps
