open util/ordering[State]

sig Node {}
sig State { holder: set Node, visited: set Node }

pred init[s: State] { one s.holder and no s.visited }

pred pass[s, t: State, n: Node] {
  n not in s.holder
  t.holder = s.holder
  t.visited = s.visited + n
}

pred mark[s, t: State, n: Node] { n in s.holder and t.visited = s.visited + n and t.holder = s.holder }

pred skip[s, t: State] { t.holder = s.holder and t.visited = s.visited }

fact Init { init[first] }
fact Steps { all s: State - last | skip[s, s.next] or some n: Node | pass[s, s.next, n] or mark[s, s.next, n] }

assert OneHolder { all s: State | one s.holder }
check OneHolder for 3 but 5 State
