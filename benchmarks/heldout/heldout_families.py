"""The held-out Alloy4Fun-style families, written for fmrepair (docs/heldout.md).

Each exercise: a natural-language comment, the reference body (``ok``, only ever written into the
oracle section and, for the other exercises of the same file, as the visible correct answer), and
student-like faulty bodies, each with the mistake it makes. Data only; write_alloy4fun.py renders it.
Bodies that turned out equivalent to the reference within the oracle's scope were removed (see
docs/heldout.md for the count).
"""

from __future__ import annotations

from typing import Any

VERSIONS: dict[str, Any] = {
    "name": "versions",
    "model": """
open util/ordering[Version]

/*
A repository history: versions in chronological order (util/ordering), each with the files it
contains and the developer who committed it. Some versions are tagged as releases.
*/
sig File {}
sig Dev {}
sig Version {
	files : set File,
	author : one Dev
}
sig Release in Version {}
""",
    "exercises": [
        {
            "name": "inv1",
            "comment": "The first version contains no files.",
            "ok": "no first.files",
            "faulty": [
                ("no last.files", "first/last confusion"),
                ("all v : Version | no v.files", "over-constrained: every version instead of the first"),
                ("some first.files", "negated"),
                ("first.files in File", "vacuous: always true"),
                ("no first.next.files", "off by one: second version"),
                ("no first", "wrong operand: the version instead of its files"),
                ("no Version.files", "wrong operand: all versions"),
            ],
        },
        {
            "name": "inv2",
            "comment": "Files are never removed: every file of a version is also in the next version.",
            "ok": "all v : Version - last | v.files in v.next.files",
            "faulty": [
                ("all v : Version | v.files in v.next.files", "forgets that the last version has no next"),
                ("all v : Version - last | v.next.files in v.files", "wrong direction of in"),
                ("all v : Version - first | v.files in v.prev.files", "prev instead of next"),
                ("all v : Version - last | v.files = v.next.files", "= instead of in"),
                ("some v : Version - last | v.files in v.next.files", "some instead of all"),
                ("all v : Version - last | some v.files & v.next.files", "overlap instead of inclusion"),
                ("all v : Version - last | v.files in v.nexts.files", "nexts instead of next"),
            ],
        },
        {
            "name": "inv3",
            "comment": "The last version is a release.",
            "ok": "last in Release",
            "equivalent": [
                "some r : Release | no r.next",
            ],
            "faulty": [
                ("some Release", "weaker: some release"),
                ("first in Release", "first/last confusion"),
                ("Release = last", "= instead of in: only the last is a release"),
                ("Release in last", "reversed in"),
                ("one Release", "wrong multiplicity, far from the answer"),
                ("last.prev in Release", "off by one: the version before the last"),
            ],
        },
        {
            "name": "inv4",
            "comment": "No two consecutive versions are both releases.",
            "ok": "all r : Release | no r.next & Release",
            "equivalent": [
                "all r : Release | r.next in Version - Release",
                "no Release & Release.next",
                "all r1, r2 : Release | r2 != r1.prev",
            ],
            "faulty": [
                ("all r : Release | r.next not in Release", "not in with an empty next (the last version)"),
                ("no Release.next", "only the last version may be a release"),
                ("all r : Release | no r.nexts & Release", "nexts instead of next: at most one release"),
                ("some r : Release | no r.next & Release", "some instead of all"),
                ("all r : Release | no r.prev & r", "wrong operand: vacuous"),
                ("all r1, r2 : Release | r2 != r1.next and r1 != r2", "extra constraint: forbids any release"),
                ("all r : Release | some r.next - Release", "every release needs a next one"),
            ],
        },
        {
            "name": "inv5",
            "comment": "Every developer who authored a release also authored some earlier version.",
            "ok": "all r : Release | r.author in r.prevs.author",
            "equivalent": [
                "all r : Release | r.author in r.^prev.author",
                "all r : Release | some v : Version | lt[v, r] and v.author = r.author",
            ],
            "faulty": [
                ("all r : Release | r.author in r.prev.author", "prev instead of prevs"),
                ("all r : Release | r.author in r.nexts.author", "nexts instead of prevs"),
                ("all r : Release | r.author in r.*prev.author", "* instead of ^: includes the release itself"),
                ("all r : Release | r.author in Version.author", "vacuous: any version"),
                ("all r : Release | some r.prevs.author", "forgets the author"),
                (
                    "all r : Release, v : Version | lt[v, r] implies v.author = r.author",
                    "all instead of some: every earlier version",
                ),
                (
                    "all r : Release | some v : Version | lte[v, r] and v.author = r.author",
                    "lte instead of lt: the release itself counts",
                ),
                (
                    "all r : Release | some v : Version | gt[v, r] and v.author = r.author",
                    "gt instead of lt: later version",
                ),
            ],
        },
        {
            "name": "inv6",
            "comment": "Consecutive versions are committed by different developers.",
            "ok": "all v : Version - last | v.author != v.next.author",
            "equivalent": [
                "all v : Version | v.author != v.next.author",
                "all v : Version - first | v.author != v.prev.author",
                "no v : Version | v.author = v.next.author",
            ],
            "faulty": [
                ("all v : Version - last | v.author != v.nexts.author", "nexts instead of next (set comparison)"),
                ("all v : Version - last | v.author not in v.nexts.author", "nexts: no developer ever returns"),
                ("all disj v1, v2 : Version | v1.author != v2.author", "all versions by different developers"),
                ("some v : Version - last | v.author != v.next.author", "some instead of all"),
                ("all v : Version - last | v.author = v.next.author", "negated"),
                ("all v : Version - last | v.next.author != v.prev.author", "wrong operand: prev instead of v"),
            ],
        },
        {
            "name": "inv7",
            "comment": "Every file in a release is also in every later version.",
            "ok": "all r : Release, v : r.nexts | r.files in v.files",
            "equivalent": [
                "all r : Release | all v : Version - r.prevs | r.files in v.files",
            ],
            "faulty": [
                ("all r : Release | r.files in r.next.files", "next instead of nexts"),
                ("all r : Release, v : r.prevs | r.files in v.files", "prevs instead of nexts"),
                ("all r : Release, v : r.nexts | v.files in r.files", "wrong direction of in"),
                ("all r : Release | r.files in r.nexts.files", "union of later versions instead of each"),
                ("all r : Release, v : Version | gt[r, v] implies r.files in v.files", "gt with swapped arguments"),
                ("all r : Release, v : r.nexts | r.files = v.files", "= instead of in"),
                ("all r : Release, v : Version | r.files in v.files", "every version, not only later ones"),
            ],
        },
    ],
}

LIBRARY: dict[str, Any] = {
    "name": "library",
    "model": """
/*
A library lends books to members (Alloy 6: loans and reservations change over time).
*/
sig Book {}
sig Member {
	var loans : set Book
}
var sig Reserved in Book {}
""",
    "exercises": [
        {
            "name": "inv1",
            "comment": "Initially, no book is on loan.",
            "ok": "no loans",
            "equivalent": [
                "no loans.Book",
                "historically no loans",
            ],
            "faulty": [
                ("always no loans", "extra always: never any loan"),
                ("eventually no loans", "eventually instead of now"),
                ("after no loans", "after: the second state"),
                ("no Reserved", "wrong operand: reservations"),
                ("all m : Member | lone m.loans", "at most one instead of none"),
                ("some loans", "negated"),
            ],
        },
        {
            "name": "inv2",
            "comment": "A book is never lent to two members at the same time.",
            "ok": "always all b : Book | lone loans.b",
            "equivalent": [
                "always all b : Book | lone b.~loans",
                "always all disj m1, m2 : Member | no m1.loans & m2.loans",
            ],
            "faulty": [
                ("all b : Book | lone loans.b", "missing always"),
                ("always all m : Member | lone m.loans", "wrong join direction: one book per member"),
                ("always all b : Book | one loans.b", "one instead of lone"),
                ("eventually all b : Book | lone loans.b", "eventually instead of always"),
                ("always all m1, m2 : Member | no m1.loans & m2.loans", "missing disj: no loans at all"),
                ("always lone loans", "at most one loan in total"),
                ("always all b : Book | lone loans.b and b not in Reserved", "extra constraint"),
            ],
        },
        {
            "name": "inv3",
            "comment": "A reserved book is never on loan.",
            "ok": "always no Reserved & Member.loans",
            "equivalent": [
                "always Member.loans in Book - Reserved",
            ],
            "faulty": [
                ("no Reserved & Member.loans", "missing always"),
                ("always Reserved in Member.loans", "inverted: reserved books are on loan"),
                ("always all m : Member | m.loans not in Reserved", "not in instead of disjoint"),
                ("eventually no Reserved & Member.loans", "eventually instead of always"),
                ("always no Reserved + Member.loans", "+ instead of &"),
                ("always no Reserved & Member.loans'", "prime on the wrong side"),
            ],
        },
        {
            "name": "inv4",
            "comment": "Every book lent to a member is eventually returned by that member.",
            "ok": "always all m : Member, b : m.loans | eventually b not in m.loans",
            "equivalent": [
                "always all m : Member, b : m.loans | always eventually b not in m.loans",
            ],
            "faulty": [
                ("all m : Member, b : m.loans | eventually b not in m.loans", "missing always"),
                ("always all m : Member, b : m.loans | after b not in m.loans", "after instead of eventually"),
                ("always all m : Member, b : m.loans | eventually b in m.loans", "missing not: vacuous"),
                ("eventually no loans", "far: all loans end at once, once"),
                (
                    "always all m : Member, b : m.loans | eventually b not in Member.loans",
                    "wrong operand: returned by every member",
                ),
                ("always all m : Member | eventually no m.loans", "all of a member's loans end together"),
                ("always all m : Member, b : m.loans | eventually b in Reserved", "wrong operand: reserved"),
            ],
        },
        {
            "name": "inv5",
            "comment": "In each step a member borrows at most one new book.",
            "ok": "always all m : Member | lone m.loans' - m.loans",
            "faulty": [
                ("always all m : Member | lone m.loans'", "forgets the books already held"),
                ("always all m : Member | lone m.loans - m.loans'", "prime on the wrong operand: returns"),
                ("all m : Member | lone m.loans' - m.loans", "missing always"),
                ("always all m : Member | one m.loans' - m.loans", "one instead of lone"),
                ("always lone Member.loans' - Member.loans", "all members together"),
                ("always all m : Member | m.loans in m.loans'", "far: loans never end"),
            ],
        },
        {
            "name": "inv6",
            "comment": "A reserved book is eventually lent, and stays reserved until then.",
            "ok": "always all b : Reserved | b in Reserved until b in Member.loans",
            "faulty": [
                ("all b : Reserved | b in Reserved until b in Member.loans", "missing always"),
                ("always all b : Reserved | eventually b in Member.loans", "forgets staying reserved"),
                ("always all b : Reserved | b in Member.loans until b in Reserved", "until operands swapped"),
                ("always all b : Reserved | always b in Reserved", "never unreserved"),
                ("always all b : Reserved | b in Reserved until b not in Reserved", "wrong right operand"),
                ("always all b : Book | b in Reserved until b in Member.loans", "Book instead of Reserved"),
                ("always all b : Reserved | b in Member.loans implies b in Reserved", "far: an implication"),
            ],
        },
        {
            "name": "inv7",
            "comment": "Every book on loan was reserved at some point (now or before).",
            "ok": "always all b : Member.loans | once b in Reserved",
            "faulty": [
                ("all b : Member.loans | once b in Reserved", "missing always"),
                ("always all b : Member.loans | b in Reserved", "missing once"),
                ("always all b : Member.loans | eventually b in Reserved", "future instead of past"),
                ("always all b : Reserved | once b in Member.loans", "roles swapped"),
                ("always all b : Member.loans | before b in Reserved", "before: only the previous state"),
                ("always all b : Book | once b in Reserved", "Book instead of the books on loan"),
                ("always all b : Member.loans | historically b in Reserved", "historically instead of once"),
            ],
        },
    ],
}

FILESYSTEM: dict[str, Any] = {
    "name": "filesystem",
    "ok_suffix": "OK",
    "repaired_suffix": "Repaired",
    "model": """
/*
A file system: directories hold entries (files, links or directories), there is one root directory,
and a link points to one object.
*/
abstract sig Object {}
sig File extends Object {}
sig Link extends Object {
	target : one Object
}
sig Dir extends Object {
	entries : set Object
}
one sig Root extends Dir {}
""",
    "exercises": [
        {
            "name": "noCycles",
            "comment": "No directory contains itself, directly or indirectly.",
            "ok": "no d : Dir | d in d.^entries",
            "equivalent": [
                "no ^entries & iden",
                "no d : Dir | d in d.^~entries",
                "no d : Dir | d in d.^entries.entries",
            ],
            "faulty": [
                ("no d : Dir | d in d.entries", "missing closure"),
                ("no d : Dir | d in d.*entries", "* instead of ^"),
                ("some d : Dir | d not in d.^entries", "some instead of all"),
                ("no d : Dir | d.^entries in d", "reversed in"),
                ("no entries.Dir & Dir.entries", "far: no nested directories"),
                ("all d : Dir | d not in d.^target", "wrong relation: target"),
            ],
        },
        {
            "name": "rootReachesAll",
            "comment": "Every object is reachable from the root.",
            "ok": "Object in Root.*entries",
            "equivalent": [
                "Object = Root.*entries",
                "all o : Object - Root | o in Root.^entries",
            ],
            "faulty": [
                ("Object in Root.^entries", "^ instead of *: the root must reach itself"),
                ("Object in Root.entries", "missing closure"),
                ("Root.*entries in Object", "reversed in: vacuous"),
                ("all o : Object | Root in o.*entries", "wrong direction"),
                ("Object in Root.*~entries", "extra ~"),
                ("all o : Object | some o.~entries", "every object has a parent, the root too"),
                ("File in Root.*entries", "only files"),
            ],
        },
        {
            "name": "oneParent",
            "comment": "Every object except the root is an entry of exactly one directory.",
            "ok": "all o : Object - Root | one entries.o",
            "equivalent": [
                "all o : Object - Root | one o.~entries",
            ],
            "faulty": [
                ("all o : Object | one entries.o", "forgets the root"),
                ("all o : Object - Root | lone entries.o", "lone instead of one"),
                ("all o : Object - Root | one o.entries", "wrong join direction"),
                ("all d : Dir | one d.entries", "far: one entry per directory"),
                ("all o : Object - Root | some entries.o", "some instead of one"),
                ("all o : Object - Root | one entries.o and no entries.Root", "extra constraint"),
            ],
        },
        {
            "name": "rootHasNoParent",
            "comment": "The root is not an entry of any directory.",
            "ok": "no entries.Root",
            "equivalent": [
                "Root not in Dir.^entries",
            ],
            "faulty": [
                ("no Root.entries", "wrong join direction"),
                ("Root not in Root.entries", "only the root itself"),
                ("some entries.Root", "negated"),
                ("no entries.Dir", "wrong operand: no directory is an entry"),
                ("Root not in Object.*entries", "* includes the root itself"),
                ("all d : Dir | d not in Root.entries", "far: root holds no directory"),
            ],
        },
        {
            "name": "noEmptyDirs",
            "comment": "Every directory other than the root has some entry.",
            "ok": "all d : Dir - Root | some d.entries",
            "equivalent": [
                "Dir - Root in entries.Object",
            ],
            "faulty": [
                ("all d : Dir | some d.entries", "forgets the root exception"),
                ("some d : Dir - Root | some d.entries", "some instead of all"),
                ("all d : Dir - Root | one d.entries", "one instead of some"),
                ("all d : Dir - Root | some entries.d", "wrong join direction"),
                ("all d : Dir - Root | some d.entries & File", "extra: some file"),
                ("Dir - Root in Dir.entries", "far: every directory is an entry"),
                ("no d : Dir - Root | some d.entries", "negated"),
            ],
        },
        {
            "name": "linksResolve",
            "comment": "Every link points to an object reachable from the root.",
            "ok": "Link.target in Root.*entries",
            "equivalent": [
                "target in Link -> Root.*entries",
            ],
            "faulty": [
                ("Link.target in Root.entries", "missing closure"),
                ("Link.target in Root.^entries", "^ instead of *"),
                ("all l : Link | l in Root.*entries", "wrong operand: the link itself"),
                ("Root.*entries in Link.target", "reversed in"),
                ("some l : Link | l.target in Root.*entries", "some instead of all"),
                ("all l : Link | l.target in Root.*entries - Link", "extra: no link to a link"),
            ],
        },
        {
            "name": "noLinkLoops",
            "comment": "Following links from a link never leads back to it.",
            "ok": "all l : Link | l not in l.^target",
            "faulty": [
                ("all l : Link | l not in l.target", "missing closure"),
                ("all l : Link | l not in l.*target", "* instead of ^"),
                ("all l : Link | l.target not in Link", "stronger: no link to a link"),
                ("all l : Link | l not in l.^(target + entries)", "extra relation in the closure"),
                ("some l : Link | l not in l.^target", "some instead of all"),
                ("no Link.target & Link", "far: same as no link to a link"),
            ],
        },
    ],
}

LIFT: dict[str, Any] = {
    "name": "lift",
    "model": """
open util/ordering[Floor]

/*
A lift moves between ordered floors (util/ordering, first is the ground floor); people call it to
floors; its door may be open (Alloy 6: position, calls and door change over time).
*/
sig Floor {}
one sig Lift {
	var at : one Floor,
	var calls : set Floor
}
var sig Open in Lift {}
""",
    "exercises": [
        {
            "name": "startsAtGround",
            "comment": "Initially the lift is at the ground floor and there are no calls.",
            "ok": "Lift.at = first and no Lift.calls",
            "equivalent": [
                "first in Lift.at and no Lift.calls",
            ],
            "faulty": [
                ("Lift.at = last and no Lift.calls", "first/last confusion"),
                ("Lift.at = first", "forgets the calls"),
                ("Lift.at = first or no Lift.calls", "or instead of and"),
                ("Lift.at in first.nexts and no Lift.calls", "nexts: above the ground floor"),
                ("Lift.at = first and no Lift.calls'", "prime: calls in the second state"),
                ("always (Lift.at = first and no Lift.calls)", "extra always"),
            ],
        },
        {
            "name": "oneFloorPerStep",
            "comment": "In each step the lift stays or moves to an adjacent floor.",
            "ok": "always Lift.at' in Lift.at + Lift.at.next + Lift.at.prev",
            "equivalent": [
                "always Lift.at in Lift.at' + Lift.at'.next + Lift.at'.prev",
            ],
            "faulty": [
                ("always Lift.at' in Lift.at.next + Lift.at.prev", "forgets staying"),
                ("always Lift.at' in Lift.at + Lift.at.nexts + Lift.at.prevs", "nexts/prevs: vacuous"),
                ("Lift.at' in Lift.at + Lift.at.next + Lift.at.prev", "missing always"),
                ("always Lift.at' in Lift.at + Lift.at.next", "only up"),
                ("always lt[Lift.at, Lift.at']", "far: always going up"),
                ("always Lift.at' in Lift.at.next + Lift.at.prev + Lift.at.next.next", "wrong operand"),
            ],
        },
        {
            "name": "doorStops",
            "comment": "While the door is open the lift does not move: it is at the same floor in the next state.",
            "ok": "always (some Open implies Lift.at' = Lift.at)",
            "faulty": [
                ("always (some Open implies Lift.at = Lift.at)", "missing prime: vacuous"),
                ("always (no Open implies Lift.at' = Lift.at)", "no instead of some"),
                ("always (Lift.at' = Lift.at implies some Open)", "converse"),
                ("some Open implies Lift.at' = Lift.at", "missing always"),
                ("always (some Open and Lift.at' = Lift.at)", "and instead of implies"),
                ("always (some Open implies Lift.at' = Lift.at.next)", "next instead of same floor"),
                ("always (some Open implies after some Open)", "far: the door stays open"),
            ],
        },
        {
            "name": "callsServed",
            "comment": "Every call is eventually served: the lift is at the called floor with the door open.",
            "ok": "always all f : Lift.calls | eventually (Lift.at = f and some Open)",
            "faulty": [
                ("always all f : Lift.calls | eventually Lift.at = f", "forgets the door"),
                ("all f : Lift.calls | eventually (Lift.at = f and some Open)", "missing always"),
                ("always all f : Lift.calls | after (Lift.at = f and some Open)", "after instead of eventually"),
                ("always all f : Floor | eventually (Lift.at = f and some Open)", "Floor instead of the calls"),
                ("always all f : Lift.calls | eventually (Lift.at = f or some Open)", "or instead of and"),
                ("always all f : Lift.calls | eventually Lift.at = f and some Open", "missing parentheses"),
                ("eventually all f : Lift.calls | Lift.at = f and some Open", "far: quantifier and temporal swapped"),
            ],
        },
        {
            "name": "callsCleared",
            "comment": "A call is only cleared when it is served: a floor leaves the calls only if the lift "
            "is at that floor with the door open.",
            "ok": "always all f : Floor | (f in Lift.calls and f not in Lift.calls') implies "
            "(Lift.at = f and some Open)",
            "faulty": [
                (
                    "always all f : Floor | (f in Lift.calls and f in Lift.calls') implies (Lift.at = f and some Open)",
                    "missing not",
                ),
                (
                    "always all f : Floor | (f in Lift.calls and f not in Lift.calls') implies Lift.at = f",
                    "forgets the door",
                ),
                (
                    "always all f : Lift.calls | f not in Lift.calls' implies Lift.at' = f and some Open",
                    "prime on the position",
                ),
                (
                    "all f : Floor | (f in Lift.calls and f not in Lift.calls') implies (Lift.at = f and some Open)",
                    "missing always",
                ),
                (
                    "always all f : Floor | (f not in Lift.calls and f in Lift.calls') implies "
                    "(Lift.at = f and some Open)",
                    "new calls instead of cleared ones",
                ),
                (
                    "always all f : Lift.calls | (Lift.at = f and some Open) implies f not in Lift.calls'",
                    "converse",
                ),
            ],
        },
        {
            "name": "noUselessClimb",
            "comment": "If no call is above the lift, it does not go up.",
            "ok": "always (no (Lift.at.nexts & Lift.calls) implies Lift.at' not in Lift.at.nexts)",
            "equivalent": [
                "always (no (Lift.at.nexts & Lift.calls) implies not gt[Lift.at', Lift.at])",
            ],
            "faulty": [
                (
                    "always (no (Lift.at.prevs & Lift.calls) implies Lift.at' not in Lift.at.nexts)",
                    "prevs instead of nexts",
                ),
                (
                    "always (no (Lift.at.nexts & Lift.calls) implies Lift.at' in Lift.at.prevs)",
                    "must go down: staying forbidden",
                ),
                (
                    "always (no (Lift.at.next & Lift.calls) implies Lift.at' not in Lift.at.nexts)",
                    "next instead of nexts",
                ),
                ("always (no Lift.calls implies Lift.at' not in Lift.at.nexts)", "weaker condition: no calls"),
                (
                    "no (Lift.at.nexts & Lift.calls) implies Lift.at' not in Lift.at.nexts",
                    "missing always",
                ),
                (
                    "always (no (Lift.at.nexts & Lift.calls) implies lte[Lift.at, Lift.at'])",
                    "lte with swapped direction",
                ),
                (
                    "always (no (Lift.at.nexts & Lift.calls) implies Lift.at' != Lift.at.next)",
                    "only one floor up forbidden",
                ),
            ],
        },
        {
            "name": "visitsTop",
            "comment": "The lift reaches the top floor infinitely often.",
            "ok": "always eventually Lift.at = last",
            "equivalent": [
                "always eventually Lift.at = max[Floor]",
            ],
            "faulty": [
                ("eventually Lift.at = last", "missing always"),
                ("always Lift.at = last", "missing eventually"),
                ("eventually always Lift.at = last", "operators swapped"),
                ("always eventually Lift.at = first", "first instead of last"),
                ("always eventually Lift.at in last.prevs", "prevs: below the top"),
                ("always eventually Lift.at = last.prev", "off by one"),
            ],
        },
    ],
}

FAMILIES: list[dict[str, Any]] = [VERSIONS, LIBRARY, FILESYSTEM, LIFT]
