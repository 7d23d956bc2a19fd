"""Numbering a gamebook: the way in is 1, every other section a number shuffled by the seed.

A reader who turns from 37 to 38 learns where things lie, and one whose
next section is on the same page reads ahead by accident; so after the
shuffle, numbers are swapped while that makes fewer links join sections
within ``NEAR`` numbers of each other. Authors of gamebooks do this by hand;
here it is a few hundred swaps, drawn from the book's own stream; and where
near links are left after them (a small book, where every number has many
near ones), every other section is tried for each, taking the swap that
leaves fewest, until none leaves fewer (in a small book, two swaps at once).
"""

from __future__ import annotations

from collections import defaultdict

from ..seed import Rng
from .model import Book

NEAR = 3  # a link from 37 to 34..40 is near
ROUNDS = 40  # passes over the near links, each trying a few swaps for each


def number(book: Book, rng: Rng) -> dict[str, int]:
    """Each section's number: the start's 1, the rest 2..N shuffled, then spread apart where linked."""
    others = [key for key in book.sections if key != book.start]
    numbers = list(range(2, len(book.sections) + 1))
    rng.shuffle(numbers)
    found = {book.start: 1, **dict(zip(others, numbers))}
    _spread(book, found, rng)
    _settle(book, found)
    return found


def linked(book: Book) -> list[tuple[str, str]]:
    """Every link between two different sections, once each way it is written."""
    return [(key, to) for key, section in book.sections.items() for to in section.targets() if to != key]


def near_links(book: Book, numbers: dict[str, int]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in linked(book) if abs(numbers[a] - numbers[b]) <= NEAR]


def _spread(book: Book, numbers: dict[str, int], rng: Rng) -> None:
    """Swap the numbers of two sections (never the start's) while it leaves fewer near links."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in linked(book):
        neighbours[a].add(b)
        neighbours[b].add(a)
    movable = [key for key in book.sections if key != book.start]
    if len(movable) < 2:
        return

    def near_count(key: str, at: int, skip: str | None = None) -> int:
        """Links of ``key`` that would be near if it had number ``at`` (``skip``: a neighbour to leave out)."""
        return sum(1 for other in neighbours[key] if other != skip and abs(numbers[other] - at) <= NEAR)

    for _ in range(ROUNDS):
        near = near_links(book, numbers)
        if not near:
            return
        for a, b in near:
            moving = b if b != book.start else a
            if abs(numbers[a] - numbers[b]) > NEAR:  # an earlier swap this round has mended it
                continue
            for _ in range(8):
                other = movable[rng.randint(0, len(movable) - 1)]
                if other == moving:
                    continue
                here, there = numbers[moving], numbers[other]
                before = near_count(moving, here, other) + near_count(other, there, moving)
                after = near_count(moving, there, other) + near_count(other, here, moving)
                if after < before:
                    numbers[moving], numbers[other] = there, here
                    break


def _settle(book: Book, numbers: dict[str, int]) -> None:
    """For each near link left, the swap of either of its ends (never the start) with whichever other section
    leaves the fewest near links, while one leaves fewer; no draw from the stream, so a book the shuffled swaps
    left with no near link is numbered as before."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in linked(book):
        neighbours[a].add(b)
        neighbours[b].add(a)
    movable = [key for key in book.sections if key != book.start]

    def near_count(key: str, at: int, skip: str | None = None) -> int:
        return sum(1 for other in neighbours[key] if other != skip and abs(numbers[other] - at) <= NEAR)

    for _ in range(ROUNDS):
        better = False
        for a, b in near_links(book, numbers):
            if abs(numbers[a] - numbers[b]) > NEAR:
                continue
            best, gain = None, 0
            for moving in (b, a):
                if moving == book.start:
                    continue
                here = numbers[moving]
                for other in movable:
                    if other == moving:
                        continue
                    there = numbers[other]
                    change = (near_count(moving, there, other) + near_count(other, here, moving)
                              - near_count(moving, here, other) - near_count(other, there, moving))
                    if change < gain:
                        best, gain = (moving, other), change
            if best is not None:
                moving, other = best
                numbers[moving], numbers[other] = numbers[other], numbers[moving]
                better = True
        if not better and not _two_swaps(book, numbers, movable):
            return


SMALL = 40  # a book of at most this many sections may have two swaps at once tried, every pair of them


def _two_swaps(book: Book, numbers: dict[str, int], movable: list[str]) -> bool:
    """In a small book whose near links no one swap lessens, the first pair of swaps that does (made, and
    True), else False."""
    if len(movable) > SMALL or not near_links(book, numbers):
        return False
    before = len(near_links(book, numbers))
    pairs = [(a, b) for i, a in enumerate(movable) for b in movable[i + 1:]]
    for first in pairs:
        _swap(numbers, *first)
        for second in pairs:
            if second == first:
                continue
            _swap(numbers, *second)
            if len(near_links(book, numbers)) < before:
                return True
            _swap(numbers, *second)
        _swap(numbers, *first)
    return False


def _swap(numbers: dict[str, int], a: str, b: str) -> None:
    numbers[a], numbers[b] = numbers[b], numbers[a]
