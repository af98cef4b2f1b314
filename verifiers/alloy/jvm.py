"""Locating the Alloy jar, building fmrepair's small Java helpers, and starting a JVM (worker side).

Only `start_jvm` imports JPype, and only the worker processes call it; the parent process uses
`alloy_jar` and `helper_classes` to prepare what a worker needs.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

JAR_NAME = "org.alloytools.alloy.dist.jar"
JAVA_SOURCES = ("FmrepairReporter.java", "FmrepairCheck.java")
JAVA_SRC_DIR = Path(__file__).resolve().parent / "java"


class AlloyUnavailable(RuntimeError):
    """The Alloy jar or a Java runtime cannot be found."""


def alloy_jar() -> Path:
    """The Alloy 6.1 jar shipped in the `pythonalloyclient` package (or $FMREPAIR_ALLOY_JAR)."""
    override = os.environ.get("FMREPAIR_ALLOY_JAR")
    if override:
        path = Path(override)
        if not path.is_file():
            raise AlloyUnavailable(f"FMREPAIR_ALLOY_JAR={override} is not a file")
        return path
    spec = importlib.util.find_spec("PythonAlloyClient")
    if spec is None or not spec.submodule_search_locations:
        raise AlloyUnavailable("the Alloy jar is missing: pip install pythonalloyclient")
    for location in spec.submodule_search_locations:
        path = Path(location) / "resources" / JAR_NAME
        if path.is_file():
            return path
    raise AlloyUnavailable(f"{JAR_NAME} not found in the pythonalloyclient package")


def cache_dir() -> Path:
    base = os.environ.get("FMREPAIR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "fmrepair"
    )
    return Path(base)


def _sources_digest(jar: Path) -> str:
    h = hashlib.sha256()
    for name in JAVA_SOURCES:
        h.update(name.encode())
        h.update((JAVA_SRC_DIR / name).read_bytes())
    st = jar.stat()
    h.update(f"{jar.name}:{st.st_size}".encode())
    return h.hexdigest()[:16]


def helper_classes(jar: Path | None = None) -> Path | None:
    """Compile verifiers/alloy/java/*.java against the jar once (into the cache dir); return the class folder.

    Returns None when no `javac` is available: the analyzer then runs without variable/clause counts.
    """
    jar = jar or alloy_jar()
    target = cache_dir() / "java" / _sources_digest(jar)
    if all((target / name.replace(".java", ".class")).is_file() for name in JAVA_SOURCES):
        return target
    javac = shutil.which("javac")
    if javac is None and os.environ.get("JAVA_HOME"):
        candidate = Path(os.environ["JAVA_HOME"]) / "bin" / "javac"
        javac = str(candidate) if candidate.is_file() else None
    if javac is None:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="build-", dir=target.parent))
    sources = [str(JAVA_SRC_DIR / name) for name in JAVA_SOURCES]
    cmd = [javac, "-nowarn", "--release", "11", "-cp", str(jar), "-d", str(tmp), *sources]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        last = (proc.stderr.strip().splitlines() or ["?"])[-1]
        raise AlloyUnavailable(f"javac failed on fmrepair's Java helpers: {last}")
    try:
        os.rename(tmp, target)
    except OSError:  # another process built it first
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def jvm_options(memory_mb: int, tmpdir: str | None = None) -> list[str]:
    """JVM flags for a worker: a heap cap, small reserved areas (so RLIMIT_AS fits), headless, and a
    private temp folder (Kodkod's translation logs of a killed solve are removed with it)."""
    extra = [f"-Djava.io.tmpdir={tmpdir}"] if tmpdir else []
    return extra + [
        f"-Xmx{memory_mb}m",
        "-Xss16m",
        "-XX:+UseSerialGC",
        "-XX:CompressedClassSpaceSize=128m",
        "-XX:ReservedCodeCacheSize=128m",
        "-XX:MaxMetaspaceSize=256m",
        "-Djava.awt.headless=true",
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=off",
    ]


def start_jvm(jar: Path, classes: Path | None, memory_mb: int, tmpdir: str | None = None) -> None:
    """Start the JVM inside this (worker) process."""
    import jpype  # noqa: PLC0415 - JPype is loaded only in worker processes

    if jpype.isJVMStarted():
        return
    classpath = [str(jar)] + ([str(classes)] if classes else [])
    try:
        jvm_path = jpype.getDefaultJVMPath()
    except Exception as e:  # jpype raises JVMNotFoundException and friends
        raise AlloyUnavailable(f"no Java runtime found (install openjdk-17-jre-headless): {e}") from None
    jpype.startJVM(jvm_path, *jvm_options(memory_mb, tmpdir), classpath=classpath, convertStrings=True)
