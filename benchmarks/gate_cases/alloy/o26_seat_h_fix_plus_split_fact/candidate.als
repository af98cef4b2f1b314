module seating

sig Table {}

sig Guest {
  at: one Table,
  partner: lone Guest,
  rival: set Guest
}

fact PartnersSymmetric { partner = ~partner }
fact NotOwnPartner { no partner & iden }

fact SitWithPartner { all g: Guest | some g.partner implies g.partner.at = g.at }

fact Rivals { rival = ~rival and no rival & iden }

fact KeepApart { all g: Guest | all r: g.rival | r.at != g.at }

assert NoRivalsTogether { all g, h: Guest | h in g.rival implies g.at != h.at }
check NoRivalsTogether for 4

run CoupleWithRival { some g: Guest | some g.partner and some g.rival } for 4 expect 1
