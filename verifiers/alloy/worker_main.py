"""Entry point of one Alloy worker process (both protocols): owns a JVM, answers requests on stdin.

``--serve check`` (the verifier's workers, worker.py): requests ``{"op": "check", "source", "solver"}``;
replies ``{"type": "ready", ...}`` once, then per check zero or one ``parsed``, zero or more ``command``
events and one ``done``. ``--serve ast`` (the AST client, syntax.py; requests in syntax_worker.py):
``ready`` once, then one reply per ``parse`` / ``core`` request. Both take ``{"op": "quit"}``, one JSON
object per line. Replies go to a private copy of the original stdout; file descriptor 1 is pointed at
stderr so that Java's prints cannot corrupt them. The process exits when its parent goes away.

Run as ``python -m fmrepair.verifiers.alloy.worker_main --serve check|ast --memory-mb N --jar JAR
[--classes DIR] [--tmpdir DIR]`` (process.py does).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import signal
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any

# Address-space headroom above the Java heap: JVM code, metaspace, thread stacks, native solvers.
AS_HEADROOM_MB = 3072


def die_with_parent() -> None:
    """Exit when the parent process goes away (a stuck solve never sees stdin's EOF). A polling
    thread, not PR_SET_PDEATHSIG: that fires when the parent *thread* that spawned us exits.
    JPype releases the GIL during Java calls, so this thread runs during a solve."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _limit_memory(memory_mb: int) -> None:
    limit = (memory_mb + AS_HEADROOM_MB) * 1024 * 1024
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):
        pass


class Channel:
    def __init__(self, out: IO[str]) -> None:
        self.out = out

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()


def remove_parse_files(tmpdir: str | None) -> None:
    """Alloy parses a string through a temp file it deletes only at JVM exit: remove them now."""
    if tmpdir:
        for path in Path(tmpdir).glob("alloy_heredoc*.als"):
            with contextlib.suppress(OSError):
                path.unlink()


def _serve(channel: Channel, memory_mb: int, tmpdir: str | None) -> None:
    from fmrepair.verifiers.alloy.analyzer import Analyzer  # noqa: PLC0415 - needs the JVM started first

    analyzer = Analyzer()
    channel.send(
        {
            "type": "ready",
            "pid": os.getpid(),
            "reporter": analyzer.reporter is not None,
            "auto": analyzer.resolve_solver("auto"),
        }
    )
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("op") == "quit":
            return
        try:
            summary = analyzer.check(request["source"], request.get("solver", "auto"), channel.send)
            remove_parse_files(tmpdir)
        except ValueError as e:  # unknown solver name
            channel.send({"type": "done", "status": "error", "errors": [{"message": str(e)}]})
            continue
        except Exception as e:  # Java OutOfMemoryError, StackOverflowError, ...: report, then restart
            name = type(e).__name__
            text = f"{name}: {e}" if "OutOfMemory" not in name else f"out of memory (heap cap {memory_mb} MB)"
            channel.send({"type": "done", "status": "error", "errors": [{"message": text}], "restart": True})
            return
        if any("OutOfMemoryError" in e["message"] for e in summary["errors"]):
            for e in summary["errors"]:
                e["message"] = f"out of memory (Java heap cap {memory_mb} MB)"
            channel.send({"type": "done", **summary, "restart": True})
            return
        channel.send({"type": "done", **summary})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fmrepair-alloy-worker")
    parser.add_argument("--serve", choices=("check", "ast"), default="check")
    parser.add_argument("--jar", required=True)
    parser.add_argument("--classes", default="")
    parser.add_argument("--memory-mb", type=int, default=2048)
    parser.add_argument("--tmpdir", default=None)
    args = parser.parse_args(argv)

    die_with_parent()
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    channel = Channel(out)
    if args.serve == "check":  # the AST worker has no address-space cap (its unsat cores may need more)
        _limit_memory(args.memory_mb)
    try:
        from fmrepair.verifiers.alloy.jvm import start_jvm  # noqa: PLC0415

        start_jvm(Path(args.jar), Path(args.classes) if args.classes else None, args.memory_mb, args.tmpdir)
        if args.serve == "check":
            _serve(channel, args.memory_mb, args.tmpdir)
        else:
            from fmrepair.verifiers.alloy.syntax_worker import serve  # noqa: PLC0415

            serve(channel.send, lambda: remove_parse_files(args.tmpdir))
    except Exception as e:
        traceback.print_exc()
        channel.send({"type": "fatal", "message": f"{type(e).__name__}: {e}"})
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
