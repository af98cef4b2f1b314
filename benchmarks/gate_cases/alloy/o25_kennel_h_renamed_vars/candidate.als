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
  // every registered pup has exactly one sire
  all pup: Pup | one pup.sire
  // the sire shares the pup's breed
  all pup: Pup | some pup.sire implies pup.sire.breed = pup.breed
  // no dog descends from itself
  all dog: Dog | dog not in dog.^(sire + dam)
  // a dog's parents share a breed
  all dog: Dog | some dog.sire and some dog.dam implies dog.sire.breed = dog.dam.breed
}

assert PureBred { all p: Pup | p.sire.breed = p.breed }
assert NoSelfAncestry { no d: Dog | d in d.^(sire + dam) }
check PureBred for 4
check NoSelfAncestry for 4
run Litter { some disj p, q: Pup | p.sire = q.sire and p.dam = q.dam and some p.dam } for 4 expect 1
