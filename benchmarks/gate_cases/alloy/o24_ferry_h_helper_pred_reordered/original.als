// Loading a car ferry: heavy vehicles must stay on a deck with nothing below it.
abstract sig Weight {}
one sig Light, Heavy extends Weight {}
abstract sig Vehicle { weight: one Weight, deck: lone Deck }
sig Car, Truck extends Vehicle {}
sig Deck { below: lone Deck }

fact Classes {
  all t: Truck | t.weight = Heavy
  all c: Car | c.weight = Light
}
fact Decks { no d: Deck | d in d.^below }
fact UpperDecksLight { all v: Car | some v.deck.below implies v.weight = Light }
fact DeckCapacity { all d: Deck | #deck.d <= 3 }

assert TrucksAtBottom { all t: Truck | no t.deck.below }
check TrucksAtBottom for 4
run Loaded { some d: Deck | #deck.d = 3 and some d.below and some Truck.deck } for 4 expect 1
