// Bank: customers hold accounts; a customer's total must cover their loans.
open util/integer

sig Customer { accounts: set Account, loans: set Loan }
sig Account { balance: one Int }
sig Loan { amount: one Int }

fact Owned { all a: Account | one accounts.a }
fact LoanOwned { all l: Loan | one loans.l }
fact Ranges { all a: Account | a.balance >= 0 and a.balance <= 3
              all l: Loan | l.amount > 0 and l.amount <= 3 }
// faulty: "some" where "every" was meant
fact Covered { all c: Customer | (sum l: c.loans | l.amount) <= (sum a: c.accounts | a.balance) }

assert Solvent { all c: Customer | (sum l: c.loans | l.amount) <= (sum a: c.accounts | a.balance) }
check Solvent for 3 but 5 Int

pred borrower { some c: Customer | some c.loans and #c.accounts > 1 }
run borrower for 3 but 5 Int expect 1
