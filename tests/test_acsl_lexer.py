"""The ACSL lexer reads C text as gcc's preprocessor does (line ends, splices, digraphs, comments, directives),
and the gate rejects a candidate that hides code or clauses where the old reading looked away.

The differential test compares ``scan`` with gcc's own reading of generated texts (skipped without gcc):
``gcc -E -C -P -undef -nostdinc -dD -x c -`` (the -C that Frama-C runs) deletes splices, ends lines at ``\\r``,
removes comments inside directives, prints every other comment (annotations included, as Frama-C then reads
them) and echoes each ``#define``/``#undef``; the generated macros are never used, so nothing is expanded, and a
text gcc refuses (a splice can pull a line into a macro body) is left out. Its output is plain enough for a
short tokenizer: code tokens, directives and annotation texts must be scan's.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from fmrepair.verifiers.acsl.annotations import scan
from fmrepair.verifiers.acsl.gate import gate
from fmrepair.verifiers.acsl.lexer import logical, oddities

CONTRACT = "/*@ requires 0 <= n;\n    ensures \\result == n;\n*/\n"
BODY = "int id(int n) {\n  int r = n;\n  return r;\n}\n"


def _texts(source: str) -> list[str]:
    return [t.text for t in scan(source)[0]]


def _clauses(source: str) -> list[str]:
    return [c.text for a in scan(source)[1] for c in a.clauses]


def _rejects(original: str, candidate: str, *needles: str) -> list[str]:
    r = gate(original, candidate, use_framac=False)
    assert not r.faithful, "the gate accepted the cheat"
    for needle in needles:
        assert any(needle in x for x in r.reasons), r.reasons
    return r.reasons


# 1. a lone '\r' ends a line everywhere


def test_cr_ends_a_line_comment() -> None:
    assert _texts("int a; // note\rx = 5;\n") == ["int", "a", ";", "x", "=", "5", ";"]
    orig = CONTRACT + BODY
    _rejects(orig, orig.replace("  return r;", "  return r; // tidy\r  r = 0;"), "C code was edited")


def test_cr_and_crlf_count_as_line_ends() -> None:
    src = "int a;\r\nint b;\rint c;\n//@ assert a;\r#define N 1\r\n"
    tokens, annots = scan(src)
    assert [(t.text, t.line) for t in tokens if t.text in ("a", "b", "c")] == [("a", 1), ("b", 2), ("c", 3)]
    assert tokens[-1].text == "#define N 1" and tokens[-1].directive and tokens[-1].line == 5
    assert annots[0].clauses[0].text == "assert a" and annots[0].line == annots[0].end_line == 4
    assert src[annots[0].start : annots[0].end] == "//@ assert a;"


def test_cr_ends_an_annotation() -> None:
    tokens, annots = scan("//@ assert x > 0;\r assert y;\n")
    assert [c.text for c in annots[0].clauses] == ["assert x > 0"]
    assert [t.text for t in tokens] == ["assert", "y", ";"]


# 2. line splices are deleted before anything else


def test_splice_extends_a_line_comment() -> None:
    assert _texts("int a; // note \\\nx = 5;\nint b;\n") == ["int", "a", ";", "int", "b", ";"]
    assert _texts("int a; // note \\  \t\nx = 5;\n") == ["int", "a", ";"]  # gcc allows blanks after the '\'


def test_splice_inside_tokens_and_comment_markers() -> None:
    assert _texts("in\\\nt x = 1\\\r\n2;\n") == ["int", "x", "=", "12", ";"]
    assert _texts("/\\\n* hidden *\\\n/ int y;\n") == ["int", "y", ";"]
    assert _texts('char *s = "a\\\nb";\n') == ["char", "*", "s", "=", '"ab"', ";"]


def test_splice_inside_annotations_keeps_original_offsets() -> None:
    src = "/\\\n/@ ensures \\\n  \\result == 1;\nint f(void);\n"
    annots = scan(src)[1]
    assert [c.text for c in annots[0].clauses] == ["ensures \\result == 1"]
    c = annots[0].clauses[0]
    assert src[c.start : c.end] == "ensures \\\n  \\result == 1;" and c.line == 2
    assert (annots[0].line, annots[0].end_line, annots[0].function) == (1, 3, "f")


def test_splice_inside_a_directive() -> None:
    tokens = scan("#def\\\nine N \\\r\n 10\nint a;\n")[0]
    assert tokens[0].text == "#define N 10" and tokens[0].directive and tokens[1].line == 4


def test_splice_hides_code_from_the_old_reading() -> None:
    orig = CONTRACT + BODY
    cand = orig.replace("  int r = n;", "  int r = n; // keep \\\n  r = 0;")
    r = gate(orig, cand, use_framac=False)
    assert r.faithful  # 'r = 0;' is comment for gcc: the code is unchanged
    cand = orig.replace("  return r;", "  return r; /* x *\\\n/ r = 0;")
    _rejects(orig, cand, "C code was edited")


def test_gcc_c_prints_stale_bytes_of_spliced_lines() -> None:
    # gcc -C copies a comment from its cleaned line buffer: after each line end, the bytes a splice freed
    lg = logical("/*@ ensures \\result\\\n == x -\n 1; */")
    assert lg.gcc_copy(0, len(lg.text)) == "/*@ ensures \\result == x -\n-\n 1; */"  # Frama-C: x - -1
    assert logical("/* x\r\n y */").gcc_copy(0, 10) == "/* x\n\n y */"  # only blanks: harmless
    orig = "/*@ ensures \\result == x - 1; */\nint dec(int x) { return x - 1; }\n"
    cand = orig.replace("\\result == x - 1;", "\\result\\\n == x -\n 1;")
    assert _clauses(cand) == _clauses(orig)
    _rejects(orig, cand, "stray characters '-'")


def test_stale_bytes_can_end_a_plain_comment() -> None:
    odd = oddities("int a;\\\n\\ \n/*\nb */ int c;\n")
    assert not odd
    odd = oddities("\\\n\\ \n*/*\n*/\n")  # gcc -C prints '*/*' + '\n' + '\n*/*' ...: Frama-C ends it early
    assert any("with a '*/' inside" in o for o in odd)


def test_logical_offsets_map_back() -> None:
    lg = logical("a\\\r\nb\rc\r\nd\\  \ne")
    assert lg.text == "ab\nc\nde"
    assert [lg.line(i) for i in range(len(lg.text))] == [1, 2, 2, 3, 3, 4, 5]
    assert lg.offset(1) == 4 and lg.end(5) == 9  # the '\r\n' after 'c' is two characters


# 3. digraphs; trigraphs stay (gcc's gnu mode)


def test_digraph_directive_and_punctuators() -> None:
    tokens = scan("%:define N 10\nint a<:N:>; %:%: <%%>\n")[0]
    assert tokens[0].text == "#define N 10" and tokens[0].directive
    assert [t.text for t in tokens[1:]] == ["int", "a", "<:", "N", ":>", ";", "%:%:", "<%", "%>"]


def test_digraph_braces_nest() -> None:
    src = "int f(int n) <%\n  /*@ requires n > 0; ensures n > 0; */\n  <% n++; %>\n  return n;\n%>\n"
    annots = scan(src)[1]
    assert annots[0].kind == "statement_contract" and annots[0].depth == 1 and annots[0].function == "f"


def test_digraph_directive_rejected() -> None:
    orig = CONTRACT + BODY
    _rejects(orig, "%:define n 0\n" + orig, "preprocessor directives changed")


def test_trigraphs_are_not_replaced_but_flagged() -> None:
    assert _texts("??=define N 1\n")[:3] == ["?", "?", "="]
    assert _texts("int a; // x ??/\nint b;\n") == ["int", "a", ";", "int", "b", ";"]
    orig = CONTRACT + BODY
    _rejects(orig, orig.replace("  return r;", "  return r; // ok??/"), "the trigraph '??/'")


# 4. the rest of gcc's and Frama-C's reading


def test_doxygen_groups_are_no_annotations() -> None:
    assert scan("/*@{ ensures \\result == 1; */\n//@} assert x;\nint f(void);\n")[1] == []
    orig = CONTRACT + BODY
    _rejects(orig, orig.replace("/*@ requires", "/*@{ requires"), "contract of id lost")


def test_line_comment_inside_annotation_hides_clauses() -> None:
    assert _clauses("/*@ requires n > 0; // x ; ensures \\false;\n */\nint f(int n);\n") == ["requires n > 0"]
    orig = CONTRACT + BODY
    cand = orig.replace("0 <= n;\n    ensures", "0 <= n; // ; ensures")
    _rejects(orig, cand, "lost or changed the clause 'ensures \\result == n'")


def test_at_signs_are_blanks_in_annotations() -> None:
    assert _clauses("/*@ requires x >@= 0; @ensures @x; */\nint f(int x);\n") == ["requires x > = 0", "ensures x"]


def test_directive_inside_annotation_rejected() -> None:
    orig = ("#define N 5\nint f(int x) {\n  while (x > 0) x--;\n  //@ assert x <= N;\n  return x;\n}\n")
    cand = orig.replace("  while", "  /*@ loop invariant 0 <= x;\r #define N 0\n  */\n  while")
    _rejects(cand.replace("\r #define N 0", ""), cand, "preprocessor directive inside an annotation")
    assert scan(cand)[1][0].oddities and not scan(orig)[1][0].oddities


def test_open_literal_in_annotation_flagged() -> None:
    orig = CONTRACT + BODY
    cand = orig.replace("  return r;", "  //@ assert r == 'x;\n  return r;")
    _rejects(orig, cand, "literal left open in an annotation")


def test_conditional_groups_guard_clauses() -> None:
    orig = "#if 0\n/* old */\n#endif\n" + CONTRACT + BODY
    cand = "#if 0\n" + CONTRACT + "#endif\n" + BODY
    annots = scan(cand)[1]
    assert annots[0].guard == ("#if 0",) and annots[0].function == "id"
    _rejects(orig, cand, "contract of id lost")


def test_comment_before_hash_is_no_directive() -> None:
    tokens = scan("/* c */ #define N 1\n  \f #define M 2\n")[0]
    assert [t.text for t in tokens[:4]] == ["#", "define", "N", "1"] and not tokens[0].directive
    assert tokens[-1].text == "#define M 2" and tokens[-1].directive
    assert any("comment before '#'" in o for o in oddities("/* c */ #define N 1\n"))


def test_stray_hash_rejected() -> None:
    orig = CONTRACT + BODY
    _rejects(orig, orig.replace("  return r;", "  return r; #define n 0"), "'#' outside any preprocessor")


def test_directive_text_keeps_literals_and_header_names() -> None:
    assert _texts('#define S "a  b"   +  1\n') == ['#define S "a  b" + 1']
    assert _texts("#include <a  b.h>\n#define F(x) x\n#define G (x) x\n") == [
        "#include <a  b.h>", "#define F(x) x", "#define G (x) x"]
    assert _texts("#define X/**/(a) a // c\n") == ["#define X (a) a"]
    assert scan("#define A 1 /*@ assert q; */ + 2\n")[1] == []  # deleted with the directive


def test_unterminated_literal_ends_at_line_end() -> None:
    tokens, annots = scan("#if 0\ndon't /* c\n#endif\n//@ assert x;\n")
    assert [t.text for t in tokens] == ["#if 0", "don", "'t /* c", "#endif"]
    assert annots[0].guard == () and annots[0].kind == "assert"


def test_exotic_characters_flagged_only_when_new() -> None:
    orig = CONTRACT + BODY
    for cand, needle in [(orig.replace("int r = n;", "int r = n;\u2028"), "U+2028"),
                         (orig.replace("int r = n;", "int r = n;\0"), "NUL"),
                         (orig.replace("return r;", 'return R"(x)"[0];'), "raw string")]:
        _rejects(orig, cand, needle)
        assert gate(cand, cand, use_framac=False).faithful
    assert gate(orig, orig.replace("int r = n;", "int r = n; // \u2028 é"), use_framac=False).faithful


def test_honest_line_ends_and_splices_accepted() -> None:
    orig = CONTRACT + "int sum(int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) s += i;\n  return s;\n}\n"
    orig = orig.replace("ensures \\result == n;", "ensures \\result >= 0;")
    cand = orig.replace("  for", "  /*@ loop invariant 0 <= i <= n; \\\n      loop assigns i, s; */\n  for")
    assert gate(orig, cand, use_framac=False).faithful
    assert gate(orig.replace("\n", "\r\n"), cand.replace("\n", "\r\n"), use_framac=False).faithful
    assert gate(orig, cand.replace("\n", "\r\n"), use_framac=False).faithful


# differential: scan against gcc's own reading

GCC = shutil.which("gcc")
GCC_CMD = ["-E", "-C", "-P", "-undef", "-nostdinc", "-dD", "-x", "c", "-"]
_OUT_TOKEN = re.compile(
    r"(?P<directive>^#(?:define|undef) [^\n]*)|(?P<comment>//[^\n]*|/\*[\s\S]*?(?:\*/|\Z))|(?P<space>\s+)"
    r"|(?P<tok>(?:u8|[uUL])?\"(?:\\.|[^\"\\\n])*(?:\"|\\$)?|[uUL]?'(?:\\.|[^'\\\n])*(?:'|\\$)?|[A-Za-z_$][\w$]*"
    r"|\.?\d(?:[eEpP][+-]|[\w$.])*|%:%:|\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|##"
    r"|<:|:>|<%|%>|%:|\S)",
    re.MULTILINE,
)
_DIGRAPHS = {"<:": "[", ":>": "]", "<%": "{", "%>": "}", "%:": "#", "%:%:": "##"}
_IDS = ["a", "b", "foo", "x1", "_y", "$z", "L", "u8", "R0", "int", "return", "e"]
_NUMS = ["0", "12", "3.5", "1e+5", "0x1F", ".5", "1.e-3", "7u"]
_PUNCTS = ["(", ")", "[", "]", "{", "}", ";", ",", "+", "-", "*", "/", "%", "<", ">", "<=", "->", "++", "<<=",
           "...", ".", "?", ":", "=", "==", "&&", "||", "!", "~", "<:", ":>", "<%", "%>", "%:%:", "&", "^", "|"]
_STRINGS = ['"s"', '"a b"', '"q\\"t"', "'c'", "'\\''", 'L"w"', '"/*@ no */"', "'", '"open']
_SEPS = [" ", "", "", "  ", "\t", "\f", "\v", " /* c */ ", "/**/"]
_ANNOTS = ["//@ assert a;", "/*@ loop invariant 0 <= i; */", "/*@ requires x > 0;\n  ensures y; */",
           "//@ ghost int g;", "/*@{ ensures no; */", "/*@ assert b == 1; */"]
_COMMENTS = ["// plain", "// two words", "/* block */", "/* multi\n line */", "//", "/* a // b */"]


def _noise(rng: random.Random, text: str, rate: float, line_ends: bool) -> str:
    """A splice, now and then, anywhere in ``text``; a line end too where asked."""
    for _ in range(2):
        if rng.random() < rate:
            k = rng.randint(0, len(text))
            text = text[:k] + rng.choice(["\\\n", "\\\r\n", "\\\r", "\\ \n"]) + text[k:]
        if line_ends and rng.random() < rate:
            k = rng.randint(0, len(text))
            text = text[:k] + rng.choice(["\r", "\r\n", "\n"]) + text[k:]
    return text


def _code_line(rng: random.Random) -> str:
    parts: list[str] = []
    for _ in range(rng.randint(1, 8)):
        pool = rng.choice([_IDS, _IDS, _NUMS, _PUNCTS, _PUNCTS, _STRINGS])
        parts.append(_noise(rng, rng.choice(pool), 0.04, pool is _STRINGS))
        parts.append(rng.choice(_SEPS))
    if rng.random() < 0.3:
        parts.append(_noise(rng, rng.choice(_COMMENTS + _ANNOTS), 0.15, True))
    return "".join(parts)


def _directive(rng: random.Random, n: int) -> str:
    hash_ = rng.choice(["#", "#", "%:", "  #", "\t# "])
    body = rng.choice([f"define M{n} 1", f"define M{n}(p) p + 1", f"define M{n} (p) <: %:%: x",
                       f"define M{n}(p) %:p", f"undef U{n}", f'define M{n} "a  b"'])
    extra = rng.choice(["", "", " /* c */ + 2", " /* multi\n line */ + 3", " // tail", " /*@ assert z; */"])
    return _noise(rng, hash_, 0.2, False) + _noise(rng, body, 0.3, False) + _noise(rng, extra, 0.3, "/*" in extra)


def generate(rng: random.Random) -> str:
    """A small C text: code, comments, annotations and directives, with splices, \\r and \\r\\n line ends."""
    lines: list[str] = []
    for n in range(rng.randint(3, 12)):
        kind = rng.random()
        if kind < 0.2:
            lines.append(_directive(rng, n))
        elif kind < 0.35:
            lines.append(_noise(rng, rng.choice(_ANNOTS), 0.15, True))
        elif kind < 0.4:
            lines.append(rng.choice(["/* c */ ", "/* a\n b */ "]) + f"#define M{n} 9")
        else:
            lines.append(_code_line(rng))
        lines.append(rng.choice(["\n", "\n", "\r\n", "\r"]))
    return "".join(lines)


def _gcc_view(text: str) -> tuple[list[str], list[list[str]]] | None:
    """Code tokens (each directive as one '#define ...' entry) and annotation texts, as gcc's output shows them;
    None when gcc stops on an error (a splice can pull a line into a macro body that gcc refuses)."""
    assert GCC is not None
    proc = subprocess.run([GCC, *GCC_CMD], input=text.encode(), capture_output=True, timeout=30, check=False)
    if proc.returncode != 0:
        return None
    code: list[str] = []
    annots: list[list[str]] = []
    for m in _OUT_TOKEN.finditer(proc.stdout.decode()):
        if m.lastgroup == "directive" and not m.group().startswith("#define __"):
            code.append(_directive_key(m.group()))
        elif m.lastgroup == "tok":
            code.append(m.group())
        elif m.lastgroup == "comment" and m.group()[2:3] == "@" and m.group()[3:4] not in ("{", "}"):
            body = m.group()[3:]
            annots.append((body.removesuffix("*/") if m.group().startswith("/*") else body).split())
    return code, annots


def _directive_key(text: str) -> str:
    """'#define NAME(' vs '#define NAME (' matters; other blanks do not; digraphs spelled as punctuators; gcc
    echoes no extra tokens after '#undef NAME'."""
    toks = [_DIGRAPHS.get(m.group(), m.group()) for m in _OUT_TOKEN.finditer(" " + text) if m.lastgroup == "tok"]
    if toks[1:2] == ["undef"]:
        toks = toks[:3]
    function_like = re.match(r"(#|%:)\s*define\s+[\w$]+\(", text) is not None
    return " ".join(toks) + (" <function-like>" if function_like else "")


def _scan_view(text: str) -> tuple[list[str], list[list[str]]]:
    tokens, annots = scan(text)
    code = [_directive_key(t.text) if t.directive else t.text for t in tokens if t.text != "#" or not t.directive]
    return code, [a.copied.split() for a in annots]


@pytest.mark.skipif(GCC is None, reason="gcc is not installed: the differential test needs gcc -E")
def test_scan_reads_as_gcc_does() -> None:
    rng = random.Random(20240611)
    texts = [generate(rng) for _ in range(300)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        views = list(pool.map(_gcc_view, texts))
    read = [(t, v) for t, v in zip(texts, views, strict=True) if v is not None]
    assert len(read) >= 0.8 * len(texts), f"gcc refused {len(texts) - len(read)} of {len(texts)} texts"
    # annotations are compared as gcc -C prints them, stray characters included (Annotation.copied); a '*/' that
    # gcc -C prints inside a plain comment, the one thing scan does not follow, it names
    stray = [t for t, _ in read if any("with a '*/' inside" in o for o in oddities(t))]
    assert len(stray) <= 0.1 * len(read), f"{len(stray)} of {len(read)} texts flagged"
    bad = [(t, v, _scan_view(t)) for t, v in read if t not in stray and _scan_view(t) != v]
    assert not bad, f"{len(bad)} of {len(read)} differ; first: {bad[0]!r}"
