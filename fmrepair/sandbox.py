"""One sandbox for every piece of code fmrepair executes but did not write (CP-Bench reference scripts,
compiled SPARK/Ada programs, later model-written programs).

:func:`run` starts the command under bubblewrap (``bwrap``, Debian package ``bubblewrap``):

- a fresh root on a tmpfs holding only a read-only view of the system (``/usr``, the ``/bin`` and
  ``/lib*`` links or folders, a few files of ``/etc``), the Python prefix and venv that run the script
  and the caller's ``ro_paths`` (all read-only), a new ``/proc`` and ``/dev``, a private size-capped
  ``/tmp``; the only writable host folder is ``workdir`` (the script's folder, same path inside);
- new pid, ipc, net, uts (and, where possible, cgroup) namespaces: no network at all, not even the
  host's loopback; ``--die-with-parent`` and ``--new-session``;
- as root: no user namespace, the command runs under a fresh unprivileged uid/gid (``setpriv``: no
  capabilities, ``no_new_privs``), so the process limit is enforced (the kernel does not count a
  root-owned process against ``RLIMIT_NPROC``) and every process it leaves is found and killed by uid;
  as another user: a user namespace (``--unshare-user --disable-userns``) under the caller's uid;
- limits by ``prlimit`` inside the sandbox: processes/threads, address space, CPU seconds, file size
  (stdout and stderr go to files, so they are capped too), open files, no core dumps;
- a wall-clock timeout after which bwrap's whole process group is killed with SIGKILL; the pid
  namespace dies with bwrap's init, and (as root) every process of the sandbox uid is killed again and
  counted (``leftover``, 0 when nothing survived).

It fails closed: when ``bwrap`` is missing or cannot set up the namespaces, :class:`SandboxUnavailable`
says why and the command does not run. ``unsafe_no_sandbox=True`` runs it with the limits and the
timeout but without isolation; the result says ``sandboxed: false`` and the caller must record it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

INSTALL_HINT = "install Debian package `bubblewrap` (scripts/setup.sh does)"
UID_BASE = 1_500_000_000  # sandbox uids are drawn above this (root only); no real account lives there
UID_SPAN = 500_000_000
SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC_FILES = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
)
BASE_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8"}
_SETUP_TOOLS = ("setpriv: ", "prlimit: ", "bwrap: ")


class SandboxUnavailable(RuntimeError):
    """Isolation could not be set up; the command did not run."""


class Limits(BaseModel):
    timeout_s: float = Field(60.0, gt=0, description="wall clock; then the whole sandbox is killed")
    cpu_s: int | None = Field(None, description="CPU seconds (default: timeout + 5)")
    memory_mb: int = Field(4096, gt=0, description="address space (RLIMIT_AS) per process")
    processes: int = Field(128, gt=0, description="processes and threads of the sandbox uid (RLIMIT_NPROC)")
    file_size_mb: int = Field(64, gt=0, description="largest file it may write (RLIMIT_FSIZE), stdout included")
    open_files: int = Field(256, gt=0, description="open file descriptors (RLIMIT_NOFILE)")
    tmp_mb: int = Field(256, gt=0, description="size of the private /tmp")


class SandboxResult(BaseModel):
    returncode: int | None  # None when killed at the timeout
    stdout: str
    stderr: str
    timed_out: bool = False
    killed_reason: str | None = None  # "timeout after 3s", "signal SIGXCPU", ...
    limits_hit: list[str] = Field(default_factory=list)  # timeout | cpu | memory | file_size | processes
    sandboxed: bool = True  # False only under unsafe_no_sandbox
    leftover: int | None = None  # processes of the sandbox uid alive after cleanup (as root; else None)
    seconds: float = 0.0


def bwrap_path() -> str:
    exe = shutil.which("bwrap")
    if not exe:
        raise SandboxUnavailable(f"bwrap not found on PATH: {INSTALL_HINT}")
    return exe


def python_paths(python: str | None = None) -> list[Path]:
    """Folders a Python interpreter needs to start (its prefix, base prefix and real location)."""
    if python is None or Path(python).absolute() == Path(sys.executable).absolute():
        paths = [Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent.parent]
    else:
        exe = Path(python) if os.sep in python else Path(shutil.which(python) or python)
        paths = [exe.absolute().parent.parent, exe.resolve().parent.parent]
    out: list[Path] = []
    for p in paths:
        if p not in out and p != Path("/usr") and p != Path("/"):
            out.append(p)
    return out


def _system_binds() -> list[str]:
    args = ["--ro-bind", "/usr", "/usr"]
    for p in SYSTEM_LINKS:
        if os.path.islink(p):
            args += ["--symlink", os.readlink(p), p]
        elif os.path.isdir(p):
            args += ["--ro-bind", p, p]
    for p in ETC_FILES:
        args += ["--ro-bind-try", p, p]
    return args


def _bwrap_args(workdir: Path, limits: Limits, ro_paths: Sequence[Path], env: dict[str, str], uid: int | None) -> list:
    args = [bwrap_path(), *_system_binds(), "--proc", "/proc", "--dev", "/dev"]
    args += ["--perms", "1777", "--size", str(limits.tmp_mb << 20), "--tmpfs", "/tmp"]
    parents = sorted({a for p in [*ro_paths, workdir] for a in p.parents if a != Path("/")}, key=lambda a: len(a.parts))
    for a in parents:  # bwrap would create them 0700: the sandbox uid could not reach what is bound below
        args += ["--perms", "0755", "--dir", str(a)]
    for p in ro_paths:
        args += ["--ro-bind", str(p), str(p)]
    args += ["--bind", str(workdir), str(workdir), "--chdir", str(workdir)]
    args += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
    args += ["--die-with-parent", "--new-session", "--clearenv"]
    for k, v in env.items():
        args += ["--setenv", k, v]
    if uid is None:  # unprivileged bwrap needs a user namespace; none further inside
        return [*args, "--unshare-user", "--disable-userns"]
    return [*args, "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]


def _drop_to(uid: int) -> list[str]:
    ids = ["--reuid", str(uid), "--regid", str(uid), "--clear-groups"]
    return ["setpriv", *ids, "--inh-caps", "-all", "--bounding-set", "-all", "--no-new-privs", "--"]


def _prlimit(limits: Limits, extra_procs: int = 0) -> list[str]:
    cpu = limits.cpu_s if limits.cpu_s is not None else int(limits.timeout_s) + 5
    return [
        "prlimit",
        f"--nproc={limits.processes + extra_procs}",
        f"--as={limits.memory_mb << 20}",
        f"--cpu={cpu}:{cpu + 1}",
        f"--fsize={limits.file_size_mb << 20}",
        f"--nofile={limits.open_files}",
        "--core=0",
        "--",
    ]


def _own_processes() -> int:
    """Processes of this (non-root) user: RLIMIT_NPROC counts them too outside a fresh user namespace."""
    return len(pids_of_uid(os.getuid()))


def pids_of_uid(uid: int) -> list[int]:
    """Live processes (zombies left out: they run nothing) whose real uid is ``uid``."""
    out = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = dict(ln.split(":", 1) for ln in Path(entry.path, "status").read_text().splitlines() if ":" in ln)
            if int(fields["Uid"].split()[0]) == uid and not fields["State"].strip().startswith("Z"):
                out.append(int(entry.name))
    return out


def _kill_uid(uid: int) -> int:
    """SIGKILL every process of ``uid`` (kill(-1) sent as that uid), then count the survivors."""
    for _ in range(3):
        if not pids_of_uid(uid):
            return 0
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run([*_drop_to(uid), "kill", "-9", "-1"], capture_output=True, timeout=10)
        time.sleep(0.05)
    return len(pids_of_uid(uid))


def _tail(path: Path, max_bytes: int) -> str:
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        f.seek(max(0, f.tell() - max_bytes))
        return f.read().decode("utf-8", "replace")


def _status_started(path: Path) -> bool:
    for line in path.read_text(errors="replace").splitlines():
        with contextlib.suppress(json.JSONDecodeError):
            if "child-pid" in json.loads(line):
                return True
    return False


MEMORY_MARKS = ("MemoryError", "std::bad_alloc", "Cannot allocate memory", "out of memory", "STORAGE_ERROR")
PROCESS_MARKS = ("Resource temporarily unavailable", "BlockingIOError", "can't start new thread")
SIGNALS = {signal.SIGXCPU: "cpu", signal.SIGXFSZ: "file_size"}


def _diagnose(result: SandboxResult) -> None:
    """Fill killed_reason / limits_hit from the exit status and well-known messages of the command."""
    rc = result.returncode
    if result.timed_out:
        result.limits_hit.append("timeout")
    elif rc is not None and (rc > 128 or rc < 0):
        sig = rc - 128 if rc > 128 else -rc
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        result.killed_reason = f"signal {name}"
        limit = SIGNALS.get(sig)  # type: ignore[call-overload]
        if limit:
            result.limits_hit.append(limit)
    err = result.stderr
    if "File too large" in err and "file_size" not in result.limits_hit:
        result.limits_hit.append("file_size")
    if any(m in err for m in MEMORY_MARKS):
        result.limits_hit.append("memory")
    if any(m in err for m in PROCESS_MARKS):
        result.limits_hit.append("processes")


def _prepare_workdir(workdir: Path, uid: int) -> None:
    """Hand the script's folder to the sandbox uid (never following links it might contain)."""
    os.lchown(workdir, uid, uid)
    for root, dirs, files in os.walk(workdir):
        for name in dirs + files:
            os.lchown(os.path.join(root, name), uid, uid)


def run(
    cmd: Sequence[str],
    workdir: str | Path,
    limits: Limits | None = None,
    *,
    ro_paths: Sequence[str | Path] = (),
    env: dict[str, str] | None = None,
    python: str | None = None,
    unsafe_no_sandbox: bool = False,
    max_output: int = 4 << 20,
) -> SandboxResult:
    """Run ``cmd`` in ``workdir`` (the only writable host folder) under bubblewrap; see the module text.

    ``python``: an interpreter whose prefix must be visible (``sys.executable`` when ``cmd[0]`` is it).
    Raises :class:`SandboxUnavailable` when isolation cannot be set up (the command did not run)."""
    limits = limits or Limits()
    work = Path(workdir).resolve()
    if not work.is_dir():
        raise ValueError(f"workdir {work} is not a folder")
    ro = [Path(p).resolve() for p in ro_paths]
    if python is not None or (cmd and Path(cmd[0]).absolute() == Path(sys.executable).absolute()):
        ro += [p for p in python_paths(python) if p not in ro]
    full_env = {**BASE_ENV, **(env or {})}
    uid: int | None = None
    if unsafe_no_sandbox:
        argv = [*_prlimit(limits, _own_processes()), *cmd]
    else:
        if os.geteuid() == 0:
            uid = UID_BASE + secrets.randbelow(UID_SPAN)
            _prepare_workdir(work, uid)
            argv = [*_bwrap_args(work, limits, ro, full_env, uid), "--", *_drop_to(uid), *_prlimit(limits), *cmd]
        else:
            argv = [*_bwrap_args(work, limits, ro, full_env, None), "--", *_prlimit(limits), *cmd]
    with tempfile.TemporaryDirectory(prefix="fmr-sandbox-ctl-") as ctl:  # outside the sandbox's view
        return _execute(argv, work, limits, Path(ctl), uid, unsafe_no_sandbox, full_env, max_output)


def _execute(
    argv: list[str],
    work: Path,
    limits: Limits,
    ctl: Path,
    uid: int | None,
    unsafe: bool,
    env: dict[str, str],
    max_output: int,
) -> SandboxResult:
    out_p, err_p, st_p = ctl / "stdout", ctl / "stderr", ctl / "status"
    started = time.monotonic()
    with open(out_p, "wb") as out, open(err_p, "wb") as err, open(st_p, "wb") as st:
        if not unsafe:
            argv = [argv[0], "--json-status-fd", str(st.fileno()), *argv[1:]]
        try:
            proc = subprocess.Popen(
                argv,
                cwd=work,
                env=env if unsafe else {},
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                pass_fds=() if unsafe else (st.fileno(),),
                start_new_session=True,
            )
        except OSError as e:
            if unsafe:
                raise
            raise SandboxUnavailable(f"bwrap could not start: {e}") from e
        timed_out = False
        try:
            rc: int | None = proc.wait(timeout=limits.timeout_s)
        except subprocess.TimeoutExpired:
            timed_out, rc = True, None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # bwrap, its init and (unsafe) the command's group
        proc.wait()
    leftover = _kill_uid(uid) if uid is not None else None
    result = SandboxResult(
        returncode=rc,
        stdout=_tail(out_p, max_output),
        stderr=_tail(err_p, max_output),
        timed_out=timed_out,
        killed_reason=f"timeout after {limits.timeout_s:g}s" if timed_out else None,
        sandboxed=not unsafe,
        leftover=leftover,
        seconds=round(time.monotonic() - started, 3),
    )
    if not unsafe and not timed_out:
        if not _status_started(st_p):
            raise SandboxUnavailable(f"bwrap could not set up the sandbox: {result.stderr.strip()[-500:]}")
        if rc != 0 and result.stderr.startswith(_SETUP_TOOLS):
            raise SandboxUnavailable(f"sandbox setup failed: {result.stderr.strip()[-500:]}")
    _diagnose(result)
    return result


def read_output(workdir: str | Path, name: str, max_bytes: int = 16 << 20) -> bytes | None:
    """A file the sandboxed command wrote in ``workdir``: a regular file only (never a link it planted to
    make fmrepair read something else), at most ``max_bytes``; None when absent or not a plain file."""
    path = Path(workdir) / name
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        return f.read(max_bytes)
