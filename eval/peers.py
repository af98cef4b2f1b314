"""Published peer figures that fmrepair's repair runs are compared against (data only).

Seed 000 (the source paper of the repair settings), Table 5 (ARepair benchmark) and Table 6 (Alloy4Fun):
per family, the number of specification files and the files each peer tool repaired. The peers count
files: every faulty ``.als`` file, duplicates included (Table 6: classroom 999, cv 138, graphs 283,
lts 249). Only what the paper prints is here; production and trash are not in this project's data."""

from __future__ import annotations

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
# the paper's own repair pipeline: its best setting over every file of the family (seed 000 Table 6: the
# GPT-3.5-Turbo settings 10-12 ran on all files; the GPT-4o settings 7-9 on a 60-file subset only, not
# comparable here; Table 5: ARepair, settings 1-12 on all 38 files)
PAPER_BEST: dict[str, dict[str, tuple[str, int]]] = {
    "alloy4fun": {
        "classroom": ("setting 12", 21),
        "cv": ("setting 12", 70),
        "graphs": ("setting 11", 51),
        "lts": ("setting 11", 115),
    },
    "arepair": {"arepair": ("settings 6 and 9", 28)},
}

PEERS: dict[str, dict[str, tuple[int, dict[str, int]]]] = {"alloy4fun": ALLOY4FUN, "arepair": {"arepair": AREPAIR}}


def best_peer(suite: str, family: str) -> tuple[str, int, int] | None:
    """(tool, files repaired, files in the paper) of the best prior repair tool on a family (ARepair, ICEBAR,
    BeAFix, ATR, Hasan et al.); None when the paper has none. See ``paper_best`` for the paper's own."""
    entry = PEERS.get(suite, {}).get(family)
    if entry is None:
        return None
    files, tools = entry
    tool = max(tools, key=lambda t: tools[t])
    return tool, tools[tool], files


def paper_best(suite: str, family: str) -> tuple[str, int, int] | None:
    """(setting, files repaired, files in the paper) of seed 000's own best setting over all files."""
    best = PAPER_BEST.get(suite, {}).get(family)
    entry = PEERS.get(suite, {}).get(family)
    if best is None or entry is None:
        return None
    return best[0], best[1], entry[0]
