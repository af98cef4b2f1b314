"""Preprocessing shared by the Alloy suites: seed 000 §4.2 dedupe and deterministic data-defect repair.

A *defect* is a problem in the benchmark file itself (not in the student's/author's model) that Alloy 6
rejects. Defects are repaired here, counted and reported per task in ``meta["defects"]``; they are never
counted as something a model repaired.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from fmrepair.verifiers.alloy.text import code_mask

ORACLE_MARKER = "/*======== IFF PERFECT ORACLE ===============*/"
_LONE_DASH = re.compile(r"^[ \t]*-[ \t]*$\n?", re.M)
_PRIMED = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)'")


def dedupe_key(text: str) -> str:
    """Seed 000 §4.2: MD5 of the text with block comments removed and whitespace collapsed."""
    t = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return hashlib.md5(" ".join(t.split()).encode()).hexdigest()


def find_duplicates(items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """{id: id of the first item with the same dedupe key}, for every item after the first of a group."""
    first: dict[str, str] = {}
    dups: dict[str, str] = {}
    for item_id, text in items:
        key = dedupe_key(text)
        if key in first:
            dups[item_id] = first[key]
        else:
            first[key] = item_id
    return dups


def normalize_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def remove_lone_dash_lines(text: str) -> tuple[str, int]:
    """The Alloy4Fun oracle sections hold a line with a single '-' (a syntax error in Alloy 6)."""
    return _LONE_DASH.subn("", text)


def rename_primed_names(text: str) -> tuple[str, list[str]]:
    """Rename Alloy 4 identifiers like ``from'`` (temporal priming in Alloy 6) to ``from_next``.

    Only code is touched (comments are left as they are). The new name avoids existing identifiers.
    Returns the new text and the sorted list of renamed names.
    """
    mask = code_mask(text)
    existing = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    renames: dict[str, str] = {}
    out: list[str] = []
    pos = 0
    for m in _PRIMED.finditer(text):
        if not mask[m.start()]:
            continue
        base = m.group(1)
        if base not in renames:
            new = f"{base}_next"
            while new in existing:
                new += "_"
            renames[base] = new
            existing.add(new)
        out.append(text[pos : m.start()])
        out.append(renames[base])
        pos = m.end()
    out.append(text[pos:])
    return "".join(out), sorted(f"{k}'" for k in renames)


_FIX_LINE = re.compile(r"^[ \t]*//[ \t]*Fix:.*$\n?", re.M)


def strip_fix_lines(text: str) -> tuple[str, list[str], list[int]]:
    """Remove ARepair ``// Fix:`` comment lines (they state the fix).

    Returns (text, removed comment lines, 1-based line numbers in the *new* text of the line that
    followed each removed comment, i.e. the faulty line).
    """
    removed: list[str] = []
    bug_lines: list[int] = []
    kept: list[str] = []
    for line in text.splitlines(keepends=True):
        if _FIX_LINE.fullmatch(line) or _FIX_LINE.match(line):
            removed.append(line.strip())
            bug_lines.append(len(kept) + 1)
        else:
            kept.append(line)
    return "".join(kept), removed, bug_lines
