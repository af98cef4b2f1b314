sig Person { parent: set Person, anc: set Person }
fact Anc { all p: Person | (some p.parent implies p.anc = p.parent + p.parent.^parent) and (no p.parent implies no p.anc) }
fact NoSelf { no p: Person | p in p.parent }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
