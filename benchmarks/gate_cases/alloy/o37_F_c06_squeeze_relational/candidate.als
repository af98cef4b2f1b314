-- Building access: which doors a badge opens is defined from the staff member's clearances.
abstract sig Zone {}
one sig Lobby, Lab, Vault extends Zone {}
sig Door { into: one Zone }
sig Staff { clearance: set Zone, opens: set Door }
sig Guard in Staff {}

pred accessRule {
  all s: Staff, d: Door | d in s.opens iff d.into in s.clearance + Lobby
}
fact Access { accessRule }
fact VaultNeedsLab { all s: Staff | Vault in s.clearance implies Lab in s.clearance }

assert VaultGuardsOnly { all s: Staff, d: s.opens | d.into = Vault implies s in Guard }
assert LobbyOpen { all s: Staff, d: Door | d.into = Lobby implies d in s.opens }
check VaultGuardsOnly for 4
check LobbyOpen for 4

fact { no (Staff - Guard).clearance & Door.into & Vault }
