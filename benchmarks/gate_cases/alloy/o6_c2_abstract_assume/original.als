// Every vehicle is either a car or a truck.
sig Vehicle { wheels: one Int }
sig Car extends Vehicle {}
sig Truck extends Vehicle {}

// faulty: meant to classify every vehicle, but only says what cars and trucks look like
fact Wheels { all c: Car | c.wheels = 4
              all t: Truck | t.wheels > 4 }

assert Classified { Vehicle in Car + Truck }
check Classified for 3
run { some Car and some Truck } for 3
