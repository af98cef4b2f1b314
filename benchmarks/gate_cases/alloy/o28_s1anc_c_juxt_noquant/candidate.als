sig Person { parent: set Person, anc: set Person }
fact Anc { anc = parent.^parent }
fact NoSelf { no iden & parent  all p: Person | no p.parent - p.anc }
assert ParentIsAnc { all p: Person | p.parent in p.anc }
check ParentIsAnc for 4
