-- Dog kennel. Owners board their dog in a kennel run and later collect
-- their dog.
-- Intent: a run never holds more than one dog, and a dog is in at most
-- one run.
sig Dog {}
sig Run { var dogs: set Dog }
fact init { no dogs }
pred board[r: Run, d: Dog] {
  no dogs.d
  lone (r.dogs + d)
  dogs' = dogs + r -> d
}
pred collect[d: Dog] {
  some dogs.d
  dogs' = dogs - Run -> d
}
pred nap { dogs' = dogs }
fact trans { always (nap or some d: Dog | collect[d] or some r: Run | board[r, d]) }
assert OneDogPerRun { always all r: Run | lone r.dogs }
assert OneRunPerDog { always all d: Dog | lone dogs.d }
check OneDogPerRun for 3 but 8 steps
check OneRunPerDog for 3 but 8 steps
run Full { eventually #Run.dogs = 2 } for 3 but 8 steps
