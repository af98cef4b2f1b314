"""NL-to-formal runs (seed 001): the zero-shot / self-review / gated comparison and its Table 1 report."""
