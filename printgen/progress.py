"""How far a long run has come, told on standard error, never in the file.

Products and the pieces they are made of tell their steps as they go
(``progress.tell("laid out 12 pages of text")``). A listener (the command
line's, unless --quiet) writes them as ``printgen: …`` lines, but only once a
run has taken SPEAK_AFTER seconds: a quick file stays quiet, a 20-level
dungeon says how far it has come. Warnings are written whenever someone
listens. Nothing here touches the file's bytes; a build nobody listens to
(the studio, tests) says nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TextIO

SPEAK_AFTER = 2.0  # seconds: a run that takes longer says how far it has come


@dataclass
class Listener:
    stream: TextIO
    speak_after: float = SPEAK_AFTER
    started: float = field(default_factory=time.monotonic)

    def line(self, text: str, always: bool = False) -> None:
        if always or time.monotonic() - self.started >= self.speak_after:
            self.stream.write(f"printgen: {text}\n")
            self.stream.flush()


_listener: ContextVar[Listener | None] = ContextVar("progress", default=None)


@contextmanager
def listening(stream: TextIO | None) -> Iterator[None]:
    """Tell ``stream`` how far what runs inside has come (None: nobody listens)."""
    token = _listener.set(Listener(stream, SPEAK_AFTER) if stream is not None else None)
    try:
        yield
    finally:
        _listener.reset(token)


def tell(text: str, now: bool = False) -> None:
    """A step done, told if someone listens and the run has already taken a while (or ``now``: a count of
    many that is long by its nature)."""
    listener = _listener.get()
    if listener is not None:
        listener.line(text, always=now)


def warn(text: str) -> None:
    """Something the person should know whatever the time taken (a card's text shrank)."""
    listener = _listener.get()
    if listener is not None:
        listener.line(f"warning: {text}", always=True)


def stream() -> TextIO | None:
    """Where a listener writes (for a piece that redraws a count in place on a terminal), or None."""
    listener = _listener.get()
    return listener.stream if listener is not None else None
