// Locks with a waiting queue: the first in the queue gets the lock.
sig Proc {}
sig Lock { holder: set Proc, queue: set Proc, first: lone Proc }

fact Queue {
  all l: Lock | l.first in l.queue and l.holder in l.queue and (some l.holder implies l.first in l.holder) and l.holder in l.first
}

// faulty: nothing stops other queued processes from holding the lock too
assert Mutex { all l: Lock | lone l.holder }
check Mutex for 4
run { some l: Lock | some l.holder and some l.queue - l.holder } for 4
