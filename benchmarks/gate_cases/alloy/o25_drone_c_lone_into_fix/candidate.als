// Drone delivery: drones load parcels on the ground, fly, and drop them
sig Parcel {}
sig Drone { var carrying: lone Parcel }
var sig Airborne in Drone {}
var sig Delivered in Parcel {}

fact Init { no Airborne and no Delivered and no carrying }

fact Rules {
  // delivered parcels stay delivered
  always Delivered in Delivered'
  // cargo changes only on the ground
  always all d: Drone | d.carrying' != d.carrying implies (d not in Airborne or no d.carrying')
  // a parcel becomes delivered when the one airborne drone carrying it drops it
  always all p: Delivered' - Delivered | some d: Airborne | p in d.carrying and no d.carrying' and lone carrying.p
  // delivered parcels are never loaded again
  always all d: Drone | d.carrying' in d.carrying + (Parcel - Delivered')
}

assert DeliveredNotCarried { always no Delivered & Drone.carrying }
check DeliveredNotCarried for 3 but 8 steps
run Drop { eventually some Delivered } for 3 but 8 steps expect 1
