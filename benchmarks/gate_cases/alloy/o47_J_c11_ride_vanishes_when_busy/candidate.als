-- Ride hailing. Riders request rides; a driver accepts a requested ride;
-- the ride is completed and the driver becomes free again.
-- Intent: a driver serves at most one ride at a time, and exactly the
-- active rides have a driver.
sig Driver {}
sig Ride { var driver: lone Driver }
var sig Requested, Active in Ride {}
fact init { no Requested and no Active and no driver }
pred request[r: Ride] {
  r not in Requested + Active
  Requested' = Requested + r
  Active' = Active
  driver' = driver
}
pred accept[r: Ride, d: Driver] {
  r in Requested
  Requested' = Requested - r
  no driver.d implies (Active' = Active + r and driver' = driver + r -> d)
    else (Active' = Active and driver' = driver)
}
pred complete[r: Ride] {
  r in Active
  Active' = Active - r
  driver' = driver - r -> Driver
  Requested' = Requested
}
pred idle { Requested' = Requested and Active' = Active and driver' = driver }
fact trans {
  always (idle or some r: Ride | request[r] or complete[r] or some d: Driver | accept[r, d])
}
assert OneRidePerDriver { always all d: Driver | lone driver.d }
assert DriverIffActive { always driver.Driver = Active }
check OneRidePerDriver for 3 but 8 steps
check DriverIffActive for 3 but 8 steps
run TwoAtOnce { eventually #Active = 2 } for 3 but 8 steps
