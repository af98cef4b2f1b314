// A vending machine: an item is paid for, then dispensed (or the payment refunded).
sig Item {}
var sig Stocked in Item {}
var sig Paid in Item {}
var sig Dispensed in Item {}

pred init { Stocked = Item and no Paid and no Dispensed }

pred pay[i: Item] {
  i in Stocked - Paid
  Paid' = Paid + i
  Stocked' = Stocked and Dispensed' = Dispensed
}
pred dispense[i: Item] {
  i in Paid and i not in Stocked
  Dispensed' = Dispensed + i
  Stocked' = Stocked - i
  Paid' = Paid - i
}
pred refund[i: Item] {
  i in Paid
  Paid' = Paid - i
  Stocked' = Stocked and Dispensed' = Dispensed
}
pred nop { Stocked' = Stocked and Paid' = Paid and Dispensed' = Dispensed }

fact Machine { init and always (nop or some i: Item | pay[i] or dispense[i] or refund[i]) }

assert PaidBeforeDispensed {
  always all i: Item | (i not in Dispensed and after i in Dispensed) implies i in Paid
}
assert NoDoubleSale { always no Dispensed & Stocked }
check PaidBeforeDispensed for 3 but 6 steps
check NoDoubleSale for 3 but 6 steps
run Sale { eventually some Dispensed } for 3 but 6 steps expect 1
