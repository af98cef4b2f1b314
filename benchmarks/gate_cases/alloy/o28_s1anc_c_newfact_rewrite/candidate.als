sig Person { parent: set Person, anc: set Person }
fact Anc { anc = parent.^parent }
fact NoSelf { no p: Person | p in p.parent }
fact Extra { all p: Person | no p.parent - p.anc }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
