// Bank: customers own accounts; cards draw on an account.
sig Customer {}
sig Account { owner: one Customer, balance: one Int }
sig Card { owner: one Customer, account: one Account } {
  // a card draws on an account of its holder
  some account.balance
}

fact NonNegative { all a: Account | a.balance >= 0 }

assert CardOnOwnAccount { all c: Card | c.account.owner = c.owner }
check CardOnOwnAccount for 3

pred twoCards { some disj c1, c2: Card | c1.account = c2.account }
run twoCards for 3 expect 1
