// Library loans: members borrow books from the library's catalogue.
// A book is "on loan" exactly when some member has borrowed it.

sig Book {}

sig Member {
  borrowed: set Book
}

one sig Library {
  catalogue: set Book,
  onLoan: set Book
}

// only catalogued books can be lent out
fact LoansAreCatalogued {
  Library.onLoan in Library.catalogue
}

// the on-loan set is the set of borrowed books
fact OnLoanDefinition {
  Member.borrowed in Library.onLoan
}

// a book is borrowed by at most one member at a time
fact OneBorrower {
  all b: Book | lone borrowed.b
}

// a member holds at most two books
fact LoanLimit {
  all m: Member | #m.borrowed <= 2
}

assert BorrowedIsOnLoan {
  all m: Member | m.borrowed in Library.onLoan
}

assert BorrowedIsCatalogued {
  Member.borrowed in Library.catalogue
}

check BorrowedIsOnLoan for 4
check BorrowedIsCatalogued for 4
run SomeLoans { some m: Member | some m.borrowed } for 3
