module clearance

abstract sig Level {}
one sig Public, Secret, TopSecret extends Level {}

sig Team {}

sig Staff {
  level: one Level,
  team: one Team
}

sig Doc {
  class: one Level,
  owner: one Team,
  readers: set Staff
}

fun dominates: Level -> Level {
  Public -> Public + Secret -> (Public + Secret) + TopSecret -> Level
}

fact readRule {
  all d: Doc | d.class = Public implies d.readers = Staff
  all d: Doc | d.class = Secret implies d.readers = { s: Staff | s.level in Secret + TopSecret }
  all d: Doc | d.class = TopSecret implies d.readers = { s: Staff | s.level in Secret + TopSecret and s.team = d.owner }
}

assert NoReadUp {
  all d: Doc, s: d.readers | s.level -> d.class in dominates
}

assert TopSecretStaysInTeam {
  all d: Doc | d.class = TopSecret implies d.readers.team in d.owner
}

check NoReadUp for 4
check TopSecretStaysInTeam for 4
run secretDocs { some d: Doc | d.class = TopSecret and some d.readers } for 4
