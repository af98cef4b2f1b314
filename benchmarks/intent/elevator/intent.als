
// --- intent probes ---
check { always (Elevator.door = Opened implies Elevator.current' = Elevator.current) } for 3 but 8 steps expect 0
check { always (Elevator.current' != Elevator.current implies some Elevator.requests) } for 3 but 8 steps expect 0
check { always (some Elevator.requests - Elevator.requests' implies (Elevator.requests - Elevator.requests' = Elevator.current and Elevator.door' = Opened)) } for 4 but 8 steps expect 0
run { eventually Elevator.door = Opened } for 3 but 6 steps expect 1
run { eventually (Elevator.current != first and Elevator.current != last and Elevator.current' = Elevator.current.prev) } for 3 but 10 steps expect 1
run { eventually (Elevator.current = last and Elevator.door = Opened and eventually (Elevator.current = first and Elevator.door = Opened)) } for 3 but 12 steps expect 1
run { eventually (#Elevator.requests = 2 and Elevator.door = Closed and Elevator.current' != Elevator.current) } for 3 but 8 steps expect 1
