sig Person { parent: set Person, anc: set Person }
fact Anc { anc = parent.^parent }
fact NoSelf { no p: Person | p in p.parent }
fact Extra { (some p: Person | p.parent not in p.anc) implies (some q: Person | q in q.parent) else some Person or no Person }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
