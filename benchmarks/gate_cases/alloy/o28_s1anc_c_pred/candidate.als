sig Person { parent: set Person, anc: set Person }
fact Anc { anc = parent.^parent }
fact NoSelf { no p: Person | p in p.parent }
pred sane { (some p: Person | p.parent not in p.anc) implies (some q: Person | q in q.parent) }
fact Extra { sane }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
