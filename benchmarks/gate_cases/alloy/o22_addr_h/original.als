// Address book (after Jackson's Software Abstractions), static two-state operations.
sig Name, Addr {}
sig Book { addr: Name -> lone Addr }

pred add[b, b2: Book, n: Name, a: Addr] { b2.addr = b.addr + n -> a }
pred del[b, b2: Book, n: Name] { b2.addr = b.addr - n -> Addr }
fun lookup[b: Book, n: Name]: set Addr { n.(b.addr) }

assert delUndoesAdd {
  all b, b2, b3: Book, n: Name, a: Addr |
    add[b, b2, n, a] and del[b2, b3, n] implies b.addr = b3.addr
}
assert addIdempotent {
  all b, b2, b3: Book, n: Name, a: Addr |
    add[b, b2, n, a] and add[b2, b3, n, a] implies b2.addr = b3.addr
}
check delUndoesAdd for 3
check addIdempotent for 3

pred showAdd[b, b2: Book, n: Name, a: Addr] { add[b, b2, n, a] and #Name.(b2.addr) > 1 }
run showAdd for 3 but 2 Book expect 1
