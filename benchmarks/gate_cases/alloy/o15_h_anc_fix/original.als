sig Person { parent: lone Person, anc: set Person }
fact Anc { all p: Person | p.anc = p.parent }
fact NoSelf { all p: Person | p not in p.^parent }
assert AncTransitive { all p: Person | p.anc.anc in p.anc }
check AncTransitive for 4
