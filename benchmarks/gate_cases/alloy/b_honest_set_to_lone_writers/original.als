// Readers and writers of a shared file, Alloy 6 (written for fmrepair's gate cases).
sig Client {}
one sig File { var writers: set Client, var readers: set Client }

pred openWrite[c: Client] { c not in File.writers + File.readers and File.writers' = File.writers + c and File.readers' = File.readers }
pred openRead[c: Client] { c not in File.writers + File.readers and no File.writers and File.readers' = File.readers + c and File.writers' = File.writers }
pred close[c: Client] { c in File.writers + File.readers and File.writers' = File.writers - c and File.readers' = File.readers - c }
pred idle { File.writers' = File.writers and File.readers' = File.readers }

fact Init { no File.writers and no File.readers }
// faulty: a client may open for writing while another one writes
fact Steps { always (idle or some c: Client | openWrite[c] or openRead[c] or close[c]) }

assert SingleWriter { always lone File.writers }
check SingleWriter for 3 but 8 steps expect 0
run { eventually some File.readers } for 3 but 8 steps
