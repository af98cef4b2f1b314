sig Person { parent: lone Person, anc: set Person }
fact Anc { all p: Person | p.anc = p.parent }
fact NoSelf { no p: Person | some p.anc.anc - p.anc }
fact Acyclic { all p: Person | p not in p.^parent }
assert AncTransitive { all p: Person | p.anc.anc in p.anc }
check AncTransitive for 4
