"""fmrepair: repair and write formal specifications with local language models, checked by real verifiers."""

__version__ = "0.2.0"
