"""Published peer figures that fmrepair's repair runs are compared against (data only).

Seed 000 (the source paper of the repair settings), Table 5 (ARepair benchmark) and Table 6 (Alloy4Fun):
per family, the number of specification files and the files each peer tool repaired. The peers count
files: every faulty ``.als`` file, duplicates included (Table 6: classroom 999, cv 138, graphs 283,
lts 249). Only what the paper prints is here; production and trash are not in this project's data."""

from __future__ import annotations

PEER_TOOLS = ("ARepair", "ICEBAR", "BeAFix", "ATR", "Hasan et al.")

# family -> (files in the paper, {tool: files repaired}); seed 000 Table 6
ALLOY4FUN: dict[str, tuple[int, dict[str, int]]] = {
    "classroom": (999, {"ARepair": 88, "ICEBAR": 424, "BeAFix": 387, "ATR": 688, "Hasan et al.": 88}),
    "cv": (138, {"ARepair": 2, "ICEBAR": 86, "BeAFix": 82, "ATR": 38, "Hasan et al.": 4}),
    "graphs": (283, {"ARepair": 19, "ICEBAR": 237, "BeAFix": 232, "ATR": 260, "Hasan et al.": 20}),
    "lts": (249, {"ARepair": 1, "ICEBAR": 73, "BeAFix": 41, "ATR": 70, "Hasan et al.": 21}),
}

# seed 000 Table 5, summary row: 38 ARepair files (64 defects)
AREPAIR: tuple[int, dict[str, int]] = (38, {"ARepair": 9, "ICEBAR": 21, "BeAFix": 24, "ATR": 22, "Hasan et al.": 4})

# suite -> family (as the suite names it) -> (files, {tool: files repaired}); ARepair is one family here
PEERS: dict[str, dict[str, tuple[int, dict[str, int]]]] = {"alloy4fun": ALLOY4FUN, "arepair": {"arepair": AREPAIR}}


def best_peer(suite: str, family: str) -> tuple[str, int, int] | None:
    """(tool, files repaired, files in the paper) of the best peer on a family; None when the paper has none."""
    entry = PEERS.get(suite, {}).get(family)
    if entry is None:
        return None
    files, tools = entry
    tool = max(tools, key=lambda t: tools[t])
    return tool, tools[tool], files
