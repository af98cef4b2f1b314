"""Reading user-supplied specification files with clear, one-line errors."""

from __future__ import annotations

from pathlib import Path

MAX_BYTES = 2 * 1024 * 1024  # a 2 MiB specification is already absurd


class InputError(ValueError):
    """A user input problem (exit code 2, one line, no traceback)."""


def one_line(text: object) -> str:
    """`text` with every unprintable character escaped (newlines, control and format characters, the
    surrogates of an undecodable file name): safe to print as a single line on any terminal."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(text))


def read_spec(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    p = Path(path)
    name = one_line(p)
    try:
        if not p.exists():
            raise InputError(f"{name}: no such file")
        if not p.is_file():
            raise InputError(f"{name}: not a regular file")
        size = p.stat().st_size
        if size == 0:
            raise InputError(f"{name}: file is empty")
        if size > max_bytes:
            raise InputError(f"{name}: file is too large ({size} bytes; limit {max_bytes})")
        data = p.read_bytes()
    except OSError as e:  # a name too long, no permission, an I/O error
        raise InputError(f"{name}: cannot read ({e.strerror or type(e).__name__})") from None
    return decode_spec(data, name)


def decode_spec(data: bytes, name: str = "<input>") -> str:
    if b"\x00" in data:
        raise InputError(f"{name}: looks like a binary file (contains NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{name}: not valid UTF-8 (byte {e.start})") from None
    if not text.strip():
        raise InputError(f"{name}: file holds only whitespace")
    return text
