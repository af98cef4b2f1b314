// Kennel club stud book
sig Breed {}
abstract sig Dog {
  breed: one Breed,
  sire: lone Male,
  dam: lone Female
}
sig Male, Female extends Dog {}
sig Pup in Dog {}   // pups registered in the current litter book

fact StudBook {
  // registered pups have a known sire
  all p: Pup | lone p.sire
  // a pup's sire is of the pup's breed
  all p: Pup | some p.sire implies p.sire.breed = p.breed
  // no dog is its own ancestor
  all d: Dog | d not in d.sire
  // parents are of one breed
  all d: Dog | some d.sire and some d.dam implies d.sire.breed = d.dam.breed
}

assert PureBred { all p: Pup | p.sire.breed = p.breed }
assert NoSelfAncestry { no d: Dog | d in d.^(sire + dam) }
check PureBred for 4
check NoSelfAncestry for 4
run Litter { some disj p, q: Pup | p.sire = q.sire and p.dam = q.dam and some p.dam } for 4 expect 1
