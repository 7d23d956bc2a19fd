"""How far a long run has come, told on standard error, never in the file.

A build's ``Listener`` travels on its request (``products.Request.listener``, given by ``products.build`` from
where its caller says the steps go) and is handed down, as a parameter, to every piece that tells: products
and the pieces they are made of tell each step as it is done (``listener.tell("joined " + count(12,
"page"))``). A listener with a stream (the command line's stderr, unless --quiet) writes them as ``printgen:
…`` lines, one a step, in the order the steps were done, for every run that takes SPEAK_AFTER seconds or more:
steps told sooner are held, and said together once the run has taken that long (at the latest when it ends),
so a quick file stays quiet and a slow one tells every step, whatever the machine. A forked child keeps the
steps told to its own copy of the listener (``keep``) and the parent tells them (``replay``) after its own, in
the order the steps have when nothing is forked.

Some lines are said at once whenever someone listens (``now``): a warning, and how many pages a long product
will write, before it starts (``pages_ahead``). Nothing here touches the file's bytes; a listener with no
stream (the studio's builds, the tests', a request not yet built) says nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TextIO

SPEAK_AFTER = 1.0  # seconds: a run that takes this long tells every step
MANY_PAGES = 50  # a product of this many pages says so before it starts

Line = tuple[bool, str]  # (said at once, text): a line a forked child kept for its parent


@dataclass
class Listener:
    """Where one build's steps are told: ``stream`` (None: nowhere, nothing is said)."""

    stream: TextIO | None = None
    speak_after: float = SPEAK_AFTER
    started: float = field(default_factory=time.monotonic)
    held: list[str] = field(default_factory=list)
    kept: list[Line] | None = None  # a forked child's: what is told, kept in order for its parent (``keep``)
    speaking: bool = False

    @classmethod
    def of(cls, stream: TextIO | None) -> Listener:
        """A listener for a build that starts now, telling ``stream`` (None: nobody listens)."""
        return cls(stream, SPEAK_AFTER)

    def tell(self, text: str) -> None:
        """A step done, told if someone listens and the run takes long enough to tell its steps."""
        if self.kept is not None:
            self.kept.append((False, text))
        elif self.stream is not None:
            self.held.append(text)
            if self.speaking or time.monotonic() - self.started >= self.speak_after:
                self.speaking = True
                self._flush()

    def now(self, text: str) -> None:
        """Said at once whenever someone listens: a count of many that is long by its nature."""
        self._at_once(text)

    def warn(self, text: str) -> None:
        """Something the person should know whatever the time taken (a card's text shrank)."""
        self._at_once(f"warning: {text}")

    def pages_ahead(self, pages: int, what: str) -> None:
        """Before a long product starts: how many pages it will write (said from MANY_PAGES on)."""
        if pages >= MANY_PAGES:
            self._at_once(f"writing {count(pages, 'page')} of {what}…", long=True)

    def end(self) -> None:
        """The run is over: its held steps are said if it took long enough, else dropped."""
        if self.stream is not None and (self.speaking or time.monotonic() - self.started >= self.speak_after):
            self._flush()

    def keep(self) -> None:
        """From now on, keep what is told, in order, instead of saying it (when someone listens): called in a
        forked child on its own copy of the listener, whose lines its parent will ``replay``."""
        if self.stream is not None or self.kept is not None:
            self.stream, self.held, self.kept = None, [], []

    def replay(self, lines: list[Line]) -> None:
        """Tell what a forked child kept, as if it had been told here."""
        for at_once, text in lines:
            (self.now if at_once else self.tell)(text)

    def _at_once(self, text: str, long: bool = False) -> None:
        """``text`` said now; a ``long`` run (one that says how long it will be) tells its steps from here on."""
        if self.kept is not None:
            self.kept.append((True, text))
        elif self.stream is not None:
            if long:
                self.speaking = True
                self._flush()
            self._write(text)

    def _flush(self) -> None:
        for text in self.held:
            self._write(text)
        self.held.clear()

    def _write(self, text: str) -> None:
        assert self.stream is not None
        self.stream.write(f"printgen: {text}\n")
        self.stream.flush()


def count(number: int, thing: str, things: str | None = None) -> str:
    """``1 page``, ``3 pages``: a count with its noun in the right number."""
    return f"{number:,} {thing if number == 1 else things or thing + 's'}"
