module network

/** A network of hosts and links; routes follow links. */
abstract sig Host { links: set Host, route: Host -> lone Host }
sig Server, Client extends Host {}

let neighbours[h] = h.links

fun Host.reach: set Host { this.^links }

pred connected[disj a, b: Host] { b in a.reach }

fact Symmetric { links = ~links and no iden & links }
// a route's next hop is a neighbour, and the destination is reachable through it
fact Routes { all h: Host, d: Host | let n = d.(h.route) | some n implies n in neighbours[h] }
// clients never forward traffic
fact NoClientTransit { all h: Host, d: Host | d.(h.route) in Client implies d.(h.route) = d }

assert HopsAreLinks { all h, d: Host | d.(h.route) in h.links }
assert NoTransitViaClient { all h, d: Host, c: Client | c = d.(h.route) implies c = d }
check HopsAreLinks for 4
check NoTransitViaClient for 4

pred someRoute { some disj a, b: Host | connected[a, b] and some b.(a.route) }
run someRoute for 4 expect 1
