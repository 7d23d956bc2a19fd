"""What a deck run tells the person waiting: how far a large deck has come, and which cards' text shrank.

Nothing here touches the file: the lines go to a stream (stderr from the
command line), and a quiet ``Progress`` says nothing at all. It carries the
request's listener (printgen/progress.py) to where the deck's pages are
drawn, which tells them as a step of the run.
"""

from __future__ import annotations

from typing import TextIO

from ..progress import Listener
from ..units import MIN_TEXT_PT

LARGE_DECK = 500  # cards: from here a run takes a second or more, and says so
SHOWN_NAMES = 5  # cards named in the shrink warning; the rest are counted


class Progress:
    """Silent by default; given a stream, it speaks for large decks and names cards whose text shrank."""

    def __init__(self, stream: TextIO | None = None, live: bool = False, legible: float = MIN_TEXT_PT,
                 listener: Listener | None = None):
        self.stream = stream
        self.live = live  # a terminal: the count is redrawn in place as the work goes on
        self.legible = legible
        self.listener = listener  # the request's: told the pages drawn, as a step of the run
        self.total = 0
        self.done = 0.0
        self.shown = -1

    @classmethod
    def of(cls, listener: Listener) -> Progress:
        """A deck's progress said where ``listener`` (the request's) tells its steps, redrawn in place on a
        terminal."""
        stream = listener.stream
        return cls(stream, live=stream is not None and stream.isatty(), listener=listener)

    def start(self, cards: int) -> None:
        self.total = cards
        if self.stream is not None and cards >= LARGE_DECK:
            self._stderr(f"printgen: laying out {cards:,} cards…" + ("" if self.live else "\n"))

    def advance(self, cards: float) -> None:
        """``cards`` more of the work done (each card is fitted, then drawn: half a card each)."""
        self.done += cards
        if not (self.live and self.stream is not None and self.total >= LARGE_DECK):
            return
        percent = min(100, int(100 * self.done / self.total))
        if percent != self.shown:
            self.shown = percent
            end = "\n" if percent == 100 else ""
            self._stderr(f"\rprintgen: laying out {self.total:,} cards… {percent:3d} %{end}")

    def shrunk(self, names: list[str]) -> None:
        """One warning line naming the cards whose text had to shrink below the legible size."""
        if self.stream is None or not names:
            return
        if self.live and self.total >= LARGE_DECK and self.shown < 100:
            self._stderr("\n")
            self.shown = -1
        named = "; ".join(names[:SHOWN_NAMES])
        more = f" and {len(names) - SHOWN_NAMES} more" if len(names) > SHOWN_NAMES else ""
        cards = "card" if len(names) == 1 else "cards"
        self._stderr(f"printgen: warning: text shrank below {self.legible:g} pt on {len(names)} {cards} "
                    f"to fit: {named}{more}; shorten it or choose a larger --card-size\n")

    def _stderr(self, text: str) -> None:
        assert self.stream is not None
        self.stream.write(text)
        self.stream.flush()
