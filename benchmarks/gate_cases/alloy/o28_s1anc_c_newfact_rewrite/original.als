sig Person { parent: set Person, anc: set Person }
fact Anc { anc = parent.^parent }
fact NoSelf { no p: Person | p in p.parent }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
