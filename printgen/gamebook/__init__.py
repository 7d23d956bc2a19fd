"""The gamebook engine: numbered, shuffled sections that a lone reader plays by turning to the next.

A game builds its book as data (model.py: sections of steps, each printed and
played alike, naming other sections by key); this package numbers it
(numbering.py: the way in is 1, the rest shuffled so that links rarely join
near numbers), checks it (checks.py: 1..N once each, every way names a
section, no dead end, every section reached from the way in and able to
reach an ending), writes it as data (data.py), sets it in two columns with
running heads (layout.py), and plays it through as a lone reader would
(walk.py, with the game's ``Reader`` for its rules and dice). Nothing here
names a game.
"""

from __future__ import annotations

from ..seed import Rng
from .checks import problems
from .model import Book
from .numbering import number


def numbered(book: Book, rng: Rng) -> dict[str, int]:
    """The book's numbers, after every check has passed (a failure is printgen's bug, never the user's)."""
    numbers = number(book, rng)
    found = problems(book, numbers)
    if found:
        raise AssertionError("; ".join(found[:5]))
    return numbers
