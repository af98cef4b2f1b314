module firewall

sig Host {
  var allowed: set Host,
  var session: set Host
}

pred init {
  no allowed
  no session
}

pred permit[a, b: Host] {
  b not in a.allowed
  allowed' = allowed + a -> b
  session' = session
}

// deny revokes the rule from a to b; a session running under it must not outlive it
pred deny[a, b: Host] {
  b in a.allowed
  allowed' = allowed - a -> b
  b in a.session implies session' = session - a -> b + a -> (a.allowed - b - a.session)
    else session' = session
}

pred connect[a, b: Host] {
  b in a.allowed
  b not in a.session
  session' = session + a -> b
  allowed' = allowed
}

pred close[a, b: Host] {
  b in a.session
  session' = session - a -> b
  allowed' = allowed
}

pred stutter {
  allowed' = allowed
  session' = session
}

fact behaviour {
  init
  always (stutter or some a, b: Host | permit[a, b] or deny[a, b] or connect[a, b] or close[a, b])
}

assert SessionsAllowed { always session in allowed }

check SessionsAllowed for 3 but 6 steps
run busy { eventually (some session and eventually no allowed) } for 3 but 6 steps
