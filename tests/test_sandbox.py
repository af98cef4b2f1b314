"""Escape tests for fmrepair.sandbox: real hostile scripts under real bubblewrap, nothing mocked.

Each script tries one thing it must not be able to do; the test checks that it was stopped, that the
result says so, and that nothing it tried is left behind (no file outside its folder, no process alive).
Skipped only when bwrap cannot run at all here (install Debian `bubblewrap`).
"""

from __future__ import annotations

import socket
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from fmrepair import sandbox
from fmrepair.sandbox import Limits, SandboxUnavailable

REPO = Path(__file__).resolve().parents[1]
PY = [sys.executable, "-I"]


def _bwrap_problem() -> str | None:
    try:
        with tempfile.TemporaryDirectory() as tmp:
            r = sandbox.run(["true"], tmp, Limits(timeout_s=20))
        return None if r.returncode == 0 else f"probe exited {r.returncode}: {r.stderr[-200:]}"
    except SandboxUnavailable as e:
        return str(e)


_PROBLEM = _bwrap_problem()
pytestmark = pytest.mark.skipif(_PROBLEM is not None, reason=f"bwrap cannot run here: {_PROBLEM}")


def _script(work: Path, text: str, name: str = "evil.py") -> list[str]:
    (work / name).write_text(textwrap.dedent(text))
    return [*PY, name]


@pytest.fixture
def work(tmp_path: Path) -> Path:
    w = tmp_path / "work"
    w.mkdir()
    return w


@pytest.fixture
def outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of the host the script knows the path of, with a secret in it."""
    d = tmp_path_factory.mktemp("outside")
    (d / "secret.txt").write_text("TOP-SECRET-42")
    return d


def _no_process_left(r: sandbox.SandboxResult) -> None:
    assert r.leftover in (0, None)


def test_a_plain_script_runs_and_writes_only_its_folder(work: Path) -> None:
    cmd = _script(work, 'open("out.txt", "w").write("ok"); print("hello")')
    r = sandbox.run(cmd, work, Limits(timeout_s=30))
    assert (r.returncode, r.stdout.strip(), r.timed_out, r.sandboxed) == (0, "hello", False, True)
    assert (work / "out.txt").read_text() == "ok"
    _no_process_left(r)


def test_reading_outside_its_folder_fails(work: Path, outside: Path) -> None:
    targets = [outside / "secret.txt", REPO / "README.md", REPO / "fmrepair" / "sandbox.py", Path.home() / ".bashrc"]
    cmd = _script(
        work,
        f"""
        import os
        for p in {[str(t) for t in targets]!r}:
            try:
                print("GOT:", p, open(p).read()[:40])
            except OSError as e:
                print("DENIED", p, type(e).__name__)
        print("LISTING", sorted(os.listdir("/")))
        """,
    )
    r = sandbox.run(cmd, work, Limits(timeout_s=30))
    assert r.returncode == 0, r.stderr
    assert "TOP-SECRET-42" not in r.stdout and "GOT:" not in r.stdout, r.stdout
    assert r.stdout.count("DENIED") == len(targets)
    listing = r.stdout.split("LISTING", 1)[1]
    assert "farm" not in listing and "home" not in listing  # only the system view exists


def test_writing_outside_its_folder_fails(work: Path, outside: Path) -> None:
    host_tmp = Path(tempfile.gettempdir()) / f"fmr-escape-{time.time_ns()}.txt"
    targets = [outside / "planted.txt", outside / "secret.txt", REPO / "planted.txt", Path("/usr/planted.txt")]
    cmd = _script(
        work,
        f"""
        for p in {[str(t) for t in targets]!r}:
            try:
                open(p, "w").write("pwned")
                print("WROTE", p)
            except OSError as e:
                print("DENIED", p, type(e).__name__)
        open({str(host_tmp)!r}, "w").write("pwned")  # its /tmp is private: this lands nowhere on the host
        print("TMP-WRITTEN")
        """,
    )
    r = sandbox.run(cmd, work, Limits(timeout_s=30))
    assert r.returncode == 0, r.stderr
    assert "WROTE" not in r.stdout and r.stdout.count("DENIED") == len(targets)
    assert (outside / "secret.txt").read_text() == "TOP-SECRET-42"
    assert not (outside / "planted.txt").exists() and not (REPO / "planted.txt").exists()
    assert not Path("/usr/planted.txt").exists()
    assert "TMP-WRITTEN" in r.stdout and not host_tmp.exists()


def test_network_connections_fail(work: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.setblocking(False)
    port = server.getsockname()[1]
    cmd = _script(
        work,
        f"""
        import socket
        for host in ("127.0.0.1", "1.1.1.1"):
            try:
                socket.create_connection((host, {port} if host == "127.0.0.1" else 80), timeout=2).close()
                print("CONNECTED", host)
            except OSError as e:
                print("BLOCKED", host, type(e).__name__)
        """,
    )
    try:
        r = sandbox.run(cmd, work, Limits(timeout_s=30))
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody ever connected to the host's listener
    finally:
        server.close()
    assert "CONNECTED" not in r.stdout and r.stdout.count("BLOCKED") == 2, (r.stdout, r.stderr)


def test_a_fork_bomb_hits_the_process_limit_and_leaves_nothing(work: Path) -> None:
    cmd = _script(
        work,
        """
        import os, time
        n = 0
        try:
            for _ in range(500):
                if os.fork() == 0:
                    time.sleep(1.5)
                    open(f"child-{os.getpid()}.txt", "w").write("alive")
                    os._exit(0)
                n += 1
        finally:
            print("FORKED", n, flush=True)
        """,
    )
    r = sandbox.run(cmd, work, Limits(timeout_s=30, processes=16))
    forked = int(r.stdout.split("FORKED", 1)[1].split()[0])
    assert forked < 16 and r.returncode != 0
    assert "processes" in r.limits_hit, r.stderr
    _no_process_left(r)
    time.sleep(2.0)  # the children would have written their file by now, had they survived
    assert not list(work.glob("child-*.txt"))


def test_allocating_past_the_memory_limit_fails(work: Path) -> None:
    cmd = _script(work, 'x = bytearray(1 << 30)\nprint("ALLOCATED")')
    r = sandbox.run(cmd, work, Limits(timeout_s=30, memory_mb=256))
    assert "ALLOCATED" not in r.stdout and r.returncode != 0
    assert "memory" in r.limits_hit, r.stderr


def test_timeout_kills_the_script_and_the_child_it_detached(work: Path) -> None:
    cmd = _script(
        work,
        """
        import os, time
        if os.fork() == 0:  # a detached grandchild in its own session, meant to outlive the timeout
            os.setsid()
            if os.fork() == 0:
                time.sleep(2.5)
                open("survivor.txt", "w").write("still running")
            os._exit(0)
        print("STARTED", flush=True)
        time.sleep(60)
        """,
    )
    r = sandbox.run(cmd, work, Limits(timeout_s=1.5))
    assert r.timed_out and r.returncode is None and "timeout" in r.limits_hit
    assert r.killed_reason and r.killed_reason.startswith("timeout")
    assert "STARTED" in r.stdout
    _no_process_left(r)
    time.sleep(3.0)  # the grandchild would have written its file by now, had it survived
    assert not (work / "survivor.txt").exists()


def test_cpu_and_file_size_limits(work: Path) -> None:
    spin = _script(work, "while True:\n    pass\n", "spin.py")
    r = sandbox.run(spin, work, Limits(timeout_s=30, cpu_s=1))
    assert not r.timed_out and "cpu" in r.limits_hit and r.killed_reason == "signal SIGXCPU"
    big = _script(work, 'open("big.bin", "wb").write(b"x" * (4 << 20))', "big.py")
    r = sandbox.run(big, work, Limits(timeout_s=30, file_size_mb=1))
    assert r.returncode != 0 and "file_size" in r.limits_hit
    assert (work / "big.bin").stat().st_size <= 1 << 20


def test_no_host_process_is_visible(work: Path) -> None:
    cmd = _script(work, 'import os\nprint(sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))')
    r = sandbox.run(cmd, work, Limits(timeout_s=30))
    pids = eval(r.stdout)  # noqa: S307 - a list of ints printed by the script
    assert max(pids) < 10  # its own pid namespace: bwrap's init, the script, nothing of the host


def test_a_planted_link_is_not_followed_when_reading_results(work: Path, outside: Path) -> None:
    cmd = _script(work, f'import os\nos.symlink({str(outside / "secret.txt")!r}, "record.json")')
    r = sandbox.run(cmd, work, Limits(timeout_s=30))
    assert r.returncode == 0, r.stderr
    assert (work / "record.json").is_symlink()
    assert sandbox.read_output(work, "record.json") is None


def test_fails_closed_when_isolation_cannot_be_set_up(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cmd = _script(work, 'open("ran.txt", "w").write("x")')
    with pytest.raises(SandboxUnavailable, match="sandbox"):
        sandbox.run(cmd, work, Limits(timeout_s=30), ro_paths=[work / "no-such-folder"])
    assert not (work / "ran.txt").exists()
    monkeypatch.setenv("PATH", str(work))  # no bwrap on PATH
    with pytest.raises(SandboxUnavailable, match="bwrap not found"):
        sandbox.run(cmd, work, Limits(timeout_s=30))
    assert not (work / "ran.txt").exists()


def test_the_unsafe_opt_out_says_so_and_still_has_the_timeout(work: Path) -> None:
    cmd = _script(work, 'import time\nprint("RAN", flush=True)\ntime.sleep(30)')
    r = sandbox.run(cmd, work, Limits(timeout_s=1), unsafe_no_sandbox=True)
    assert r.sandboxed is False and r.timed_out and "RAN" in r.stdout
