"""Two parts of one product made at the same time on two cores, with the bytes they have made one after the other.

A booklet's text pages (WeasyPrint) and its maps (ReportLab) do not depend on
each other, and each takes a second or two; on a machine with a core to spare
the maps are drawn in a forked copy of the process while the text is laid
out. The child inherits everything the parent has set up (fonts, the generated
data), so its bytes are the bytes the parent would have made. Where fork is missing, or the child fails for any
reason, the parent makes the part itself: an error then surfaces exactly as
it would have without the child.
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections.abc import Callable
from typing import TypeVar

from ..progress import Listener

A = TypeVar("A")
B = TypeVar("B")
_leaving: list[Callable[[], object]] = []  # what a child does before it leaves (it runs no exit handler)


def when_a_child_leaves(clean_up: Callable[[], object]) -> None:
    """Have a forked child call ``clean_up`` before it leaves: something it made for itself (a folder of
    fonts) that the parent's exit handlers would remove, and the child runs none of them."""
    _leaving.append(clean_up)


def can_fork() -> bool:
    """A core to spare, and fork: only from a single-threaded process, where no other thread can hold a
    lock the child would wait on for ever (printgen's own commands never start one)."""
    return hasattr(os, "fork") and busy_cores() < (os.cpu_count() or 1) and threading.active_count() == 1


def busy_cores() -> int:
    """How many processes want a core, this one among them: those runnable now (Linux's /proc/loadavg), else
    the last minute's average (the load average) and this one. Where every core is busy (two booklets printed
    at once, a build machine) a child's half of the work would wait for a core all the same, and forking only
    adds its own cost and memory. Where the system tells neither, none but this one."""
    try:
        with open("/proc/loadavg", encoding="ascii") as numbers:
            return int(numbers.read().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        pass
    try:
        return round(os.getloadavg()[0]) + 1
    except (AttributeError, OSError):
        return 1


def both(first: Callable[[], A], second: Callable[[], B], spare_core: bool = True,
         listener: Listener | None = None) -> tuple[A, B]:
    """``(first(), second())``, with ``second`` made in a forked child while ``first`` runs here, where
    ``spare_core`` (the caller's to say: the studio's workers share the cores among themselves, and a second
    process per render when every core is busy only adds memory) and the machine allow it. ``listener``: where
    both tell their steps (the request's); the child's copy of it keeps them, and they are told here after this
    process's own, in the order they have without a fork."""
    if not (spare_core and can_fork()):
        return first(), second()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        _child(read_end, write_end, second, listener)
    os.close(write_end)
    data = b""
    try:
        made = first()
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
    except BaseException:
        _close(read_end)  # the child stops on a broken pipe instead of waiting for a reader
        os.waitpid(pid, 0)
        raise
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return made, second()
    result, kept = pickle.loads(data)
    if listener is not None:
        listener.replay(kept)  # the child's steps, after this process's own: their order without a fork
    return made, result


def _child(read_end: int, write_end: int, second: Callable[[], object], listener: Listener | None) -> None:
    """Make ``second``, hand it to the parent through the pipe with the steps it told (``listener``: this
    process's own copy of the parent's listener, which keeps them), and leave at once: none of the parent's exit
    handlers, output buffers or signal handlers (which remove half-written files) run here."""
    status = 1
    try:
        os.close(read_end)
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(number, signal.SIG_DFL)
        if listener is not None:
            listener.keep()
        result = second()
        kept = listener.kept if listener is not None else None
        data = pickle.dumps((result, kept or []), protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        status = 0
    finally:
        for clean_up in _leaving:
            try:
                clean_up()
            except BaseException:  # noqa: BLE001 - leaving all the same
                pass
        os._exit(status)


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass
