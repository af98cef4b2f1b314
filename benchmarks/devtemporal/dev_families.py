"""The development temporal split (docs/heldout.md): two Alloy 6 families written for tuning.

railway: trains over an ordered line of track segments (``open util/ordering[Segment]``, a ``var``
field for positions, ``var sig``s for moving trains and red signals). mailbox: users' inboxes and
trash folders over time (``var`` fields, a ``var sig`` of read messages, no ordering).

Each exercise: the reference body (``ok``), bodies believed equivalent to it (checks of the oracle,
never tasks) and student-like faulty bodies, each labelled with its mistake; labels starting with
``far:`` mark submissions that are a different formula altogether. Rendered by ``write_dev.py``.
"""

from __future__ import annotations

RAILWAY = {
    "name": "railway",
    "model": """
/*
A railway line is an ordered sequence of track segments. Some segments are guarded by a
signal, and a signal may be red at a given time. A train is either on the line, at one
segment (its position), or in the depot (no position). The trains that are moving at a
given time form Moving; the signals that are red form Red.
*/
open util/ordering[Segment]

sig Segment {
	signal : lone Signal
}

sig Signal {}

var sig Red in Signal {}

sig Train {
	var pos : lone Segment
}

var sig Moving in Train {}

fact OneSegmentPerSignal {
	all g : Signal | lone signal.g
}
""",
    "exercises": [
        {
            "name": "inv1",
            "comment": "The first segment has no signal, and no two consecutive segments both have a signal.",
            "ok": "no first.signal and (all s : Segment | some s.signal implies no s.next.signal)",
            "equivalent": [
                "no first.signal and (all s : Segment - last | no s.signal or no s.next.signal)",
                "no first.signal and (no s : Segment | some s.signal and some s.next.signal)",
                "first not in signal.Signal and (all s : Segment | some s.prev.signal implies no s.signal)",
            ],
            "faulty": [
                (
                    "no last.signal and (all s : Segment | some s.signal implies no s.next.signal)",
                    "last instead of first",
                ),
                (
                    "no first.next.signal and (all s : Segment | some s.signal implies no s.next.signal)",
                    "off by one: first.next instead of first",
                ),
                (
                    "all s : Segment | some s.signal implies no s.next.signal",
                    "missing conjunct: the first segment may have a signal",
                ),
                (
                    "no first.signal or (all s : Segment | some s.signal implies no s.next.signal)",
                    "or instead of and",
                ),
                (
                    "no first.signal and (all s : Segment | some s.signal implies some s.next.signal)",
                    "some instead of no for the next segment",
                ),
                ("all s : Segment | one s.signal", "far: every segment has a signal"),
                (
                    "all s : Segment - first | lt[s.prev, s]",
                    "far: a vacuous ordering fact instead of the signal rule",
                ),
            ],
        },
        {
            "name": "inv2",
            "comment": "No two trains are ever on the same segment at the same time.",
            "ok": "always all disj t1, t2 : Train | no t1.pos & t2.pos",
            "equivalent": [
                "always all s : Segment | lone pos.s",
                "always all disj t1, t2 : Train | some t1.pos implies t1.pos != t2.pos",
                "always no disj t1, t2 : Train | some t1.pos and t1.pos = t2.pos",
            ],
            "faulty": [
                (
                    "always all disj t1, t2 : Train | t1.pos != t2.pos",
                    "!= counts two trains in the depot as sharing a segment",
                ),
                (
                    "always all t1, t2 : Train | no t1.pos & t2.pos",
                    "missing disj",
                ),
                (
                    "all disj t1, t2 : Train | no t1.pos & t2.pos",
                    "missing always: only the initial state",
                ),
                (
                    "always all disj t1, t2 : Train | no t1.pos & t2.pos'",
                    "spurious prime on the second train's position",
                ),
                (
                    "eventually all disj t1, t2 : Train | no t1.pos & t2.pos",
                    "eventually instead of always",
                ),
                (
                    "always all t : Train | no t.pos.prevs & Train.pos",
                    "far: no train behind another one (at most one occupied segment)",
                ),
                ("always all t : Train | some t.pos", "far: every train is always on the line"),
            ],
        },
        {
            "name": "inv3",
            "comment": (
                "Trains enter the line at the first segment: whenever a train is on the line, it has been\n"
                "at the first segment at some point (now or before)."
            ),
            "ok": "always all t : Train | some t.pos implies once t.pos = first",
            "equivalent": [
                "always all t : Train | no t.pos or once t.pos = first",
                "all t : Train | always (some t.pos implies once t.pos = first)",
            ],
            "faulty": [
                (
                    "always all t : Train | some t.pos implies historically t.pos = first",
                    "historically instead of once",
                ),
                (
                    "always all t : Train | some t.pos implies eventually t.pos = first",
                    "eventually (future) instead of once (past)",
                ),
                (
                    "always all t : Train | some t.pos implies once t.pos = last",
                    "last instead of first",
                ),
                (
                    "all t : Train | some t.pos implies once t.pos = first",
                    "missing always: only the initial state",
                ),
                (
                    "always all t : Train | once t.pos = first",
                    "missing condition: trains in the depot too",
                ),
                (
                    "always all t : Train | t.pos = first implies after t.pos = first.next",
                    "far: trains leave the first segment for the next one",
                ),
                ("some t : Train | t.pos = first", "far: a static formula: some train is at the first segment"),
            ],
        },
        {
            "name": "inv4",
            "comment": (
                "Trains move at most one segment per step: whenever a train is on the line now and in the\n"
                "next state, in the next state it is on the same segment or on the next one."
            ),
            "ok": "always all t : Train | (some t.pos and some t.pos') implies t.pos' in t.pos + t.pos.next",
            "equivalent": [
                "always all t : Train | (some t.pos and some t.pos') implies (t.pos' = t.pos or t.pos' = t.pos.next)",
                "always all t : Train | (some t.pos and some t.pos') implies "
                "(lte[t.pos, t.pos'] and t.pos' not in t.pos.next.nexts)",
                "always all t : Train | some t.pos' implies (no t.pos or t.pos' in t.pos + t.pos.next)",
            ],
            "faulty": [
                (
                    "always all t : Train | (some t.pos and some t.pos') implies t.pos' = t.pos.next",
                    "missing the same segment: trains must move",
                ),
                (
                    "always all t : Train | (some t.pos and some t.pos') implies t.pos' in t.pos + t.pos.prev",
                    "prev instead of next",
                ),
                (
                    "always all t : Train | (some t.pos and some t.pos') implies t.pos' in t.pos.nexts",
                    "nexts instead of the same or next segment",
                ),
                (
                    "always all t : Train | (some t.pos and some t.pos') implies lte[t.pos, t.pos']",
                    "lte only: trains may jump over segments",
                ),
                (
                    "always all t : Train | (some t.pos and some t.pos') implies t.pos in t.pos' + t.pos'.next",
                    "primes on the wrong side: trains move backwards",
                ),
                ("always all t : Train | gt[t.pos', t.pos]", "far: every train moves forward at every step"),
                ("always all t : Train | t.pos' = t.pos", "far: trains never move"),
            ],
        },
        {
            "name": "inv5",
            "comment": "A train is moving exactly when its position changes from the current state to the next one.",
            "ok": "always all t : Train | t in Moving iff t.pos' != t.pos",
            "equivalent": [
                "always ((all t : Moving | t.pos' != t.pos) and (all t : Train - Moving | t.pos' = t.pos))",
                "always Moving = { t : Train | t.pos' != t.pos }",
            ],
            "faulty": [
                (
                    "always all t : Train | t in Moving implies t.pos' != t.pos",
                    "implies instead of iff: trains that are not moving may change position",
                ),
                (
                    "always all t : Train | t in Moving iff t.pos' = t.pos.next",
                    "moving means going to the next segment",
                ),
                ("always all t : Train | t in Moving iff t.pos != t.pos", "missing prime"),
                ("always all t : Train | t in Moving' iff t.pos' != t.pos", "Moving primed"),
                ("all t : Train | t in Moving iff t.pos' != t.pos", "missing always: only the initial state"),
                ("always some Moving", "far: some train is always moving"),
                ("always all t : Moving | eventually t.pos = last", "far: moving trains reach the last segment"),
            ],
        },
        {
            "name": "inv6",
            "comment": (
                "A train never moves into a segment with a red signal: if a train's position changes, its new\n"
                "segment has no signal that is red in the current state."
            ),
            "ok": "always all t : Train | t.pos' != t.pos implies no t.pos'.signal & Red",
            "equivalent": [
                "always all t : Train | t.pos' = t.pos or no (t.pos'.signal & Red)",
                "always all t : Train, s : Segment | (s = t.pos' and s != t.pos) implies no s.signal & Red",
                "always no t : Train | t.pos' != t.pos and some t.pos'.signal & Red",
            ],
            "faulty": [
                (
                    "always all t : Train | t.pos' != t.pos implies no t.pos'.signal & Red'",
                    "Red primed: the signal in the next state",
                ),
                (
                    "always all t : Train | t.pos' != t.pos implies no t.pos.signal & Red",
                    "missing prime: the signal of the segment it leaves",
                ),
                (
                    "always all t : Train | t.pos' != t.pos implies some t.pos'.signal & Red",
                    "some instead of no",
                ),
                (
                    "always all t : Train | no t.pos'.signal & Red",
                    "missing condition: a train may not even stay at a red signal",
                ),
                (
                    "always all t : Train | t.pos' != t.pos and no t.pos'.signal & Red",
                    "and instead of implies",
                ),
                ("always no Red", "far: signals are never red"),
                ("all g : Signal | always eventually g not in Red", "far: no signal stays red forever"),
            ],
        },
        {
            "name": "inv7",
            "comment": "A moving train keeps moving until it reaches the last segment.",
            "ok": "always all t : Moving | t in Moving until t.pos = last",
            "equivalent": [
                "always all t : Train | t in Moving implies (t in Moving until t.pos = last)",
                "all t : Train | always (t in Moving implies (t in Moving until t.pos = last))",
            ],
            "faulty": [
                ("always all t : Moving | t.pos = last until t in Moving", "until operands swapped"),
                (
                    "always all t : Moving | eventually t.pos = last",
                    "eventually instead of until: the train may stop before the last segment",
                ),
                ("all t : Moving | t in Moving until t.pos = last", "missing always: only trains moving initially"),
                ("always all t : Moving | t in Moving until t.pos = first", "first instead of last"),
                ("always all t : Moving | always t in Moving", "always instead of until: trains never stop"),
                (
                    "always all t : Moving | after t.pos = t.pos.next",
                    "far: moving trains advance one segment instead of keeping moving",
                ),
                ("eventually no Moving", "far: eventually no train moves"),
            ],
        },
    ],
}

MAILBOX = {
    "name": "mailbox",
    "model": """
/*
A mail system. Each message has one sender and some recipients. Each user has an inbox and
a trash folder, whose contents change over time. The messages that have been read form Read.
Deleting moves a message from a user's inbox to that user's trash, restoring moves it back,
and purging removes it from the trash.
*/
sig User {
	var inbox : set Message,
	var trash : set Message
}

sig Message {
	sender : one User,
	to : some User
}

var sig Read in Message {}

fact Delivered {
	always all u : User | u.inbox + u.trash in to.u
}
""",
    "exercises": [
        {
            "name": "inv1",
            "comment": "Initially all trash folders are empty and no message has been read.",
            "ok": "no trash and no Read",
            "equivalent": [
                "no User.trash and no Read",
                "(all u : User | no u.trash) and Read = none",
            ],
            "faulty": [
                ("always no trash and no Read", "always added: trash folders stay empty"),
                ("no trash or no Read", "or instead of and"),
                ("no inbox and no Read", "inbox instead of trash"),
                ("no trash and Read = Message", "every message read instead of none"),
                ("some u : User | no u.trash and no Read", "some instead of all"),
                ("all m : Message | m in User.inbox", "far: every message starts in an inbox"),
                (
                    "always all u : User | no u.trash & u.inbox",
                    "far: disjoint folders instead of the initial state",
                ),
            ],
        },
        {
            "name": "inv2",
            "comment": "No message is ever at the same time in the inbox and in the trash of the same user.",
            "ok": "always all u : User | no u.inbox & u.trash",
            "equivalent": [
                "always no inbox & trash",
                "always all u : User, m : Message | m in u.inbox implies m not in u.trash",
            ],
            "faulty": [
                ("always no User.inbox & User.trash", "across users: one user's inbox and another's trash"),
                ("all u : User | no u.inbox & u.trash", "missing always: only the initial state"),
                ("always some u : User | no u.inbox & u.trash", "some instead of all"),
                ("always all u : User | u.inbox not in u.trash", "not in instead of disjointness"),
                ("always all u : User | no u.inbox & u.trash'", "spurious prime on the trash"),
                ("always no trash", "far: the trash is always empty"),
                ("always all u : User | u.inbox in Read", "far: inbox messages are all read"),
            ],
        },
        {
            "name": "inv3",
            "comment": "No message is sent to its own sender.",
            "ok": "all m : Message | m.sender not in m.to",
            "equivalent": [
                "no m : Message | m.sender in m.to",
                "all u : User | no sender.u & to.u",
                "no sender & to",
            ],
            "faulty": [
                ("all m : Message | m.to not in m.sender", "operands of not in swapped"),
                ("some m : Message | m.sender not in m.to", "some instead of all"),
                ("all m : Message | m.sender != m.to", "!= instead of not in"),
                ("all m : Message | m.sender in m.to", "missing negation"),
                (
                    "always all m : Message | m not in m.sender.inbox",
                    "the sender's inbox instead of the recipients",
                ),
                ("all u : User | some sender.u", "far: every user sent some message"),
                ("all m : Message | one m.to", "far: exactly one recipient per message"),
            ],
        },
        {
            "name": "inv4",
            "comment": (
                "A message can only enter a user's trash from that user's inbox: a message that is in a\n"
                "user's trash in the next state but not now is now in that user's inbox."
            ),
            "ok": "always all u : User, m : Message | (m not in u.trash and m in u.trash') implies m in u.inbox",
            "equivalent": [
                "always all u : User | u.trash' - u.trash in u.inbox",
                "always all u : User, m : u.trash' - u.trash | m in u.inbox",
            ],
            "faulty": [
                (
                    "always all u : User, m : Message | (m not in u.trash and m in u.trash') implies m in u.inbox'",
                    "inbox primed",
                ),
                ("always all u : User | u.trash' in u.inbox", "missing the difference with the current trash"),
                ("always all u : User | u.trash' - u.trash = u.inbox", "= instead of in"),
                ("always all u : User | u.trash - u.trash' in u.inbox", "primes swapped"),
                ("all u : User | u.trash' - u.trash in u.inbox", "missing always: only the first step"),
                ("always all u : User | u.trash in u.inbox", "far: the trash within the inbox"),
                ("eventually some trash", "far: some message is eventually deleted"),
            ],
        },
        {
            "name": "inv5",
            "comment": "A message that has been read stays read.",
            "ok": "always Read in Read'",
            "equivalent": [
                "always all m : Read | after m in Read",
                "always all m : Message | once m in Read implies m in Read",
                "always all m : Read | always m in Read",
            ],
            "faulty": [
                ("always Read' in Read", "primes swapped: read messages may only become unread"),
                ("Read in Read'", "missing always: only the first step"),
                ("always all m : Read | eventually m in Read", "eventually instead of after (trivially true)"),
                (
                    "always all m : Message | m in Read implies historically m in Read",
                    "historically instead of always: no message becomes read",
                ),
                ("always some Read", "far: some message is always read"),
                ("eventually Read = Message", "far: every message is eventually read"),
                ("always all u : User | u.trash in Read", "far: only read messages are in the trash"),
            ],
        },
        {
            "name": "inv6",
            "comment": (
                "A message in a user's trash stays in that trash until it is back in that user's inbox\n"
                "(deleted messages are eventually restored)."
            ),
            "ok": "always all u : User, m : u.trash | m in u.trash until m in u.inbox",
            "equivalent": [
                "always all u : User, m : Message | m in u.trash implies (m in u.trash until m in u.inbox)",
                "all u : User, m : Message | always (m in u.trash implies (m in u.trash until m in u.inbox))",
            ],
            "faulty": [
                ("always all u : User, m : u.trash | m in u.inbox until m in u.trash", "until operands swapped"),
                (
                    "always all u : User, m : u.trash | eventually m in u.inbox",
                    "eventually instead of until: it may leave the trash first",
                ),
                (
                    "always all u : User, m : u.trash | m in u.trash until m in User.inbox",
                    "any user's inbox instead of the same user's",
                ),
                (
                    "all u : User, m : u.trash | m in u.trash until m in u.inbox",
                    "missing always: only messages in the trash initially",
                ),
                (
                    "always all u : User, m : u.trash | after m in u.inbox",
                    "after instead of until: restored in the very next step",
                ),
                ("always eventually no trash", "far: the trash is emptied infinitely often"),
                ("always all u : User | u.trash in u.inbox'", "far: trash messages are in the inbox next"),
            ],
        },
        {
            "name": "inv7",
            "comment": "A message can be in a user's trash only if it has been read at some point (now or before).",
            "ok": "always all u : User, m : u.trash | once m in Read",
            "equivalent": [
                "always all m : User.trash | once m in Read",
                "always all m : Message | m in User.trash implies once m in Read",
            ],
            "faulty": [
                ("always all u : User, m : u.trash | historically m in Read", "historically instead of once"),
                ("always all u : User, m : u.trash | m in Read", "missing once: read now"),
                ("always all u : User, m : u.trash | eventually m in Read", "eventually (future) instead of once"),
                ("always all u : User, m : u.inbox | once m in Read", "inbox instead of trash"),
                ("all u : User, m : u.trash | once m in Read", "missing always: only the initial state"),
                ("always all m : Message | m in Read", "far: every message is always read"),
                (
                    "eventually some u : User | some u.trash & Read",
                    "far: some read message is eventually in a trash",
                ),
            ],
        },
    ],
}

FAMILIES_DEV: list[dict] = [RAILWAY, MAILBOX]
