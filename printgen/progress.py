"""How far a long run has come, told on standard error, never in the file.

Products and the pieces they are made of tell each step as it is done
(``progress.tell("joined " + progress.count(12, "page"))``). A listener (the
command line's, unless --quiet) writes them as ``printgen: …`` lines, one a
step, in the order the steps were done, for every run that takes SPEAK_AFTER
seconds or more: steps told sooner are held, and said together once the run
has taken that long (at the latest when it ends), so a quick file stays quiet
and a slow one tells every step, whatever the machine. A forked child's steps
are kept (``captured``) and told by the parent (``replay``) after its own, in
the order the steps have when nothing is forked.

Some lines are said at once whenever someone listens (``now``): a warning, and
how many pages a long product will write, before it starts (``pages_ahead``).
Nothing here touches the file's bytes; a build nobody listens to (the studio,
tests) says nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TextIO

SPEAK_AFTER = 1.0  # seconds: a run that takes this long tells every step
MANY_PAGES = 50  # a product of this many pages says so before it starts


@dataclass
class Listener:
    stream: TextIO | None  # None: keep what is told (a forked child's steps, for its parent)
    speak_after: float = SPEAK_AFTER
    started: float = field(default_factory=time.monotonic)
    held: list[str] = field(default_factory=list)
    kept: list[tuple[bool, str]] = field(default_factory=list)  # (at once, text), when there is no stream
    speaking: bool = False

    def step(self, text: str) -> None:
        if self.stream is None:
            self.kept.append((False, text))
            return
        self.held.append(text)
        if self.speaking or time.monotonic() - self.started >= self.speak_after:
            self.speaking = True
            self._flush()

    def at_once(self, text: str, long: bool = False) -> None:
        """``text`` said now; a ``long`` run (one that says how long it will be) tells its steps from here on."""
        if self.stream is None:
            self.kept.append((True, text))
            return
        if long:
            self.speaking = True
            self._flush()
        self._write(text)

    def end(self) -> None:
        """The run is over: its held steps are said if it took long enough, else dropped."""
        if self.stream is not None and (self.speaking or time.monotonic() - self.started >= self.speak_after):
            self._flush()

    def _flush(self) -> None:
        for text in self.held:
            self._write(text)
        self.held.clear()

    def _write(self, text: str) -> None:
        assert self.stream is not None
        self.stream.write(f"printgen: {text}\n")
        self.stream.flush()


_listener: ContextVar[Listener | None] = ContextVar("progress", default=None)


@contextmanager
def listening(stream: TextIO | None) -> Iterator[None]:
    """Tell ``stream`` how far what runs inside has come (None: nobody listens)."""
    listener = Listener(stream, SPEAK_AFTER) if stream is not None else None
    token = _listener.set(listener)
    try:
        yield
        if listener is not None:
            listener.end()
    finally:
        _listener.reset(token)


@contextmanager
def captured() -> Iterator[list[tuple[bool, str]]]:
    """What is told inside, kept in order instead of said (when someone listens): a forked child's lines,
    handed to its parent to ``replay``."""
    kept: list[tuple[bool, str]] = []
    listened = _listener.get() is not None
    token = _listener.set(Listener(None) if listened else None)
    try:
        yield kept
    finally:
        inner = _listener.get()
        if inner is not None:
            kept.extend(inner.kept)
        _listener.reset(token)


def replay(lines: list[tuple[bool, str]]) -> None:
    """Tell what a forked child kept, as if it had been told here."""
    for at_once, text in lines:
        (now if at_once else tell)(text)


def tell(text: str) -> None:
    """A step done, told if someone listens and the run takes long enough to tell its steps."""
    listener = _listener.get()
    if listener is not None:
        listener.step(text)


def now(text: str) -> None:
    """Said at once whenever someone listens: a count of many that is long by its nature."""
    listener = _listener.get()
    if listener is not None:
        listener.at_once(text)


def warn(text: str) -> None:
    """Something the person should know whatever the time taken (a card's text shrank)."""
    now(f"warning: {text}")


def pages_ahead(pages: int, what: str) -> None:
    """Before a long product starts: how many pages it will write (said from MANY_PAGES on)."""
    listener = _listener.get()
    if pages >= MANY_PAGES and listener is not None:
        listener.at_once(f"writing {count(pages, 'page')} of {what}…", long=True)


def count(number: int, thing: str, things: str | None = None) -> str:
    """``1 page``, ``3 pages``: a count with its noun in the right number."""
    return f"{number:,} {thing if number == 1 else things or thing + 's'}"


def stream() -> TextIO | None:
    """Where a listener writes (for a piece that redraws a count in place on a terminal), or None."""
    listener = _listener.get()
    return listener.stream if listener is not None else None
